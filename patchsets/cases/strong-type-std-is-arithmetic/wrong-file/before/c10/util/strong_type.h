namespace strong {
template <typename T, typename Tag>
class type;
}
