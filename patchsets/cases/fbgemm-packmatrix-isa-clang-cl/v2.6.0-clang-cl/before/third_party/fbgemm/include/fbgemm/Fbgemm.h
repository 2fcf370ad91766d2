// Abridged from the real 2.6.0 third_party/fbgemm/include/fbgemm/Fbgemm.h (lines 76-127, 319-353).
namespace fbgemm {

template <typename PT, typename inpType, typename accType = std::int32_t>
class PackMatrix {
 public:
  /**
   * @return true usually when the matrix is constant matrix (e.g., weight
   *         matrices) that can be prepacked
   */
  bool isPrePacked() const {
    return static_cast<const PT*>(this)->isPrePacked();
  }

  /**
   * @return true if this is the first input matrix in GEMM (i.e., A in C = A *
   *         B)
   */
  static constexpr bool isA() {
    return PT::isA();
  }
};

template <typename T, typename accT = std::int32_t>
class FBGEMM_API PackAMatrix final
    : public PackMatrix<PackAMatrix<T, accT>, T, accT> {
 public:
  /**
   * @return True if this is used as A matrix.
   */
  static constexpr bool isA() {
    return true;
  }
};

} // namespace fbgemm
