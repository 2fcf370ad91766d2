// Wine's <math.h> plus what the UCRT's declares and Wine 8 lacks: the long double functions
// (long double is double on Windows: each calls the double one, as the UCRT's inline ones do),
// a few C99 float and double ones, float_t and double_t, and, for C++, the classification
// functions the UCRT defines as overloads instead of Wine's macros. Part of torchpatch's MSVC STL
// oracle (tests/msvc-stl/README.md).
#pragma once
#include_next <math.h>
typedef float float_t;
typedef double double_t;
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) double __cdecl erfc(double);
__declspec(dllimport) float __cdecl erfcf(float);
__declspec(dllimport) double __cdecl fma(double, double, double);
__declspec(dllimport) float __cdecl fmaf(float, float, float);
__declspec(dllimport) double __cdecl nan(char const*);
__declspec(dllimport) float __cdecl nanf(char const*);
__declspec(dllimport) double __cdecl nexttoward(double, long double);
__declspec(dllimport) float __cdecl nexttowardf(float, long double);
__inline long double acosl(long double _X) {
  return acos((double)_X);
}
__inline long double acoshl(long double _X) {
  return acosh((double)_X);
}
__inline long double asinl(long double _X) {
  return asin((double)_X);
}
__inline long double asinhl(long double _X) {
  return asinh((double)_X);
}
__inline long double atanl(long double _X) {
  return atan((double)_X);
}
__inline long double atanhl(long double _X) {
  return atanh((double)_X);
}
__inline long double cbrtl(long double _X) {
  return cbrt((double)_X);
}
__inline long double ceill(long double _X) {
  return ceil((double)_X);
}
__inline long double cosl(long double _X) {
  return cos((double)_X);
}
__inline long double coshl(long double _X) {
  return cosh((double)_X);
}
__inline long double erfl(long double _X) {
  return erf((double)_X);
}
__inline long double erfcl(long double _X) {
  return erfc((double)_X);
}
__inline long double expl(long double _X) {
  return exp((double)_X);
}
__inline long double exp2l(long double _X) {
  return exp2((double)_X);
}
__inline long double expm1l(long double _X) {
  return expm1((double)_X);
}
__inline long double fabsl(long double _X) {
  return fabs((double)_X);
}
__inline long double floorl(long double _X) {
  return floor((double)_X);
}
__inline long double lgammal(long double _X) {
  return lgamma((double)_X);
}
__inline long double logl(long double _X) {
  return log((double)_X);
}
__inline long double log10l(long double _X) {
  return log10((double)_X);
}
__inline long double log1pl(long double _X) {
  return log1p((double)_X);
}
__inline long double log2l(long double _X) {
  return log2((double)_X);
}
__inline long double logbl(long double _X) {
  return logb((double)_X);
}
__inline long double nearbyintl(long double _X) {
  return nearbyint((double)_X);
}
__inline long double rintl(long double _X) {
  return rint((double)_X);
}
__inline long double roundl(long double _X) {
  return round((double)_X);
}
__inline long double sinl(long double _X) {
  return sin((double)_X);
}
__inline long double sinhl(long double _X) {
  return sinh((double)_X);
}
__inline long double sqrtl(long double _X) {
  return sqrt((double)_X);
}
__inline long double tanl(long double _X) {
  return tan((double)_X);
}
__inline long double tanhl(long double _X) {
  return tanh((double)_X);
}
__inline long double tgammal(long double _X) {
  return tgamma((double)_X);
}
__inline long double truncl(long double _X) {
  return trunc((double)_X);
}
__inline long double atan2l(long double _X, long double _Y) {
  return atan2((double)_X, (double)_Y);
}
__inline long double copysignl(long double _X, long double _Y) {
  return copysign((double)_X, (double)_Y);
}
__inline long double fdiml(long double _X, long double _Y) {
  return fdim((double)_X, (double)_Y);
}
__inline long double fmaxl(long double _X, long double _Y) {
  return fmax((double)_X, (double)_Y);
}
__inline long double fminl(long double _X, long double _Y) {
  return fmin((double)_X, (double)_Y);
}
__inline long double fmodl(long double _X, long double _Y) {
  return fmod((double)_X, (double)_Y);
}
__inline long double hypotl(long double _X, long double _Y) {
  return hypot((double)_X, (double)_Y);
}
__inline long double nextafterl(long double _X, long double _Y) {
  return nextafter((double)_X, (double)_Y);
}
__inline long double powl(long double _X, long double _Y) {
  return pow((double)_X, (double)_Y);
}
__inline long double remainderl(long double _X, long double _Y) {
  return remainder((double)_X, (double)_Y);
}
__inline long double fmal(long double _X, long double _Y, long double _Z) {
  return fma((double)_X, (double)_Y, (double)_Z);
}
__inline long double frexpl(long double _X, int* _Y) {
  return frexp((double)_X, _Y);
}
__inline long double ldexpl(long double _X, int _Y) {
  return ldexp((double)_X, _Y);
}
__inline long double modfl(long double _X, long double* _Y) {
  double _F;
  long double _R = modf((double)_X, &_F);
  *_Y = _F;
  return _R;
}
__inline long double remquol(long double _X, long double _Y, int* _Z) {
  return remquo((double)_X, (double)_Y, _Z);
}
__inline long double scalbnl(long double _X, int _Y) {
  return scalbn((double)_X, _Y);
}
__inline long double scalblnl(long double _X, long _Y) {
  return scalbln((double)_X, _Y);
}
__inline int ilogbl(long double _X) {
  return ilogb((double)_X);
}
__inline long lrintl(long double _X) {
  return lrint((double)_X);
}
__inline long long llrintl(long double _X) {
  return llrint((double)_X);
}
__inline long lroundl(long double _X) {
  return lround((double)_X);
}
__inline long long llroundl(long double _X) {
  return llround((double)_X);
}
__inline long double nanl(char const* _X) {
  return nan(_X);
}
__inline long double nexttowardl(long double _X, long double _Y) {
  return nextafter((double)_X, (double)_Y);
}
#ifdef __cplusplus
}
#undef fpclassify
#undef signbit
#undef isinf
#undef isnan
#undef isfinite
#undef isnormal
#undef isgreater
#undef isgreaterequal
#undef isless
#undef islessequal
#undef islessgreater
#undef isunordered
extern "C++" {
inline int fpclassify(float _X) noexcept {
  return __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, _X);
}
inline bool signbit(float _X) noexcept {
  return __builtin_signbit(_X);
}
inline int fpclassify(double _X) noexcept {
  return __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, _X);
}
inline bool signbit(double _X) noexcept {
  return __builtin_signbit(_X);
}
inline int fpclassify(long double _X) noexcept {
  return __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, _X);
}
inline bool signbit(long double _X) noexcept {
  return __builtin_signbit(_X);
}
template <class _Ty, class = decltype(static_cast<double>(_Ty{}))>
inline int fpclassify(_Ty _X) noexcept {
  return fpclassify(static_cast<double>(_X));
}
template <class _Ty, class = decltype(static_cast<double>(_Ty{}))>
inline bool signbit(_Ty _X) noexcept {
  return signbit(static_cast<double>(_X));
}
}
#endif
