#ifndef FLATBUFFERS_STL_EMULATION_H_
#define FLATBUFFERS_STL_EMULATION_H_

namespace flatbuffers {

namespace internal {
  // SFINAE helper: can an array of From be viewed as an array of To?
  template<class To, std::size_t Extent, class From, std::size_t N>
  struct is_span_convertable {
    using type =
      typename std::conditional<std::is_convertible<From (*)[], To (*)[]>::value
                                && (Extent == dynamic_extent || N == Extent),
                                int, void>::type;
  };
}  // namespace internal

template<class T, std::size_t Extent = dynamic_extent>
class span FLATBUFFERS_FINAL_CLASS {
 private:
  pointer const data_;
  size_type count_;
};

}  // namespace flatbuffers

#endif  // FLATBUFFERS_STL_EMULATION_H_
