namespace std {
template <typename T, typename Tag, typename ... M>
struct hash<::strong::type<T, Tag, M...>>
  : std::conditional_t<is_hashable<T, Tag, M...>::value, hash<T>, std::false_type>
{
  using type = ::strong::type<T, Tag, M...>;
};

#if STRONG_HAS_STD_FORMAT
template<typename T, typename Tag, typename... M, typename Char>
struct formatter<::strong::type<T, Tag, M...>, Char>;
#endif
}
