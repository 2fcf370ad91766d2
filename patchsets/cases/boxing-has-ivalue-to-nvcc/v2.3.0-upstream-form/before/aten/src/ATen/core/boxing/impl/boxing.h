#pragma once

// Fixture (hand-written, abridged): the boxing predicates around has_ivalue_to.
#include <ATen/core/ivalue.h>
#include <c10/util/Metaprogramming.h>

namespace c10 {
namespace impl {

// has_ivalue_to<T> tests the presence/absence of instance method IValue::to<T>()
template <class T, class Enable = void>
struct has_ivalue_to : std::false_type {};

template <class T>
struct ivalue_to_helper
{
    using type = decltype(std::declval<IValue>().template to<T>());
};
template <class T>
using ivalue_to_helper_t = typename ivalue_to_helper<T>::type;

template <class T>
struct has_ivalue_to<T, std::void_t<ivalue_to_helper_t<T>>>
: std::true_type
{};

// a result can be unboxed when IValue::to<T>() exists
template <typename T>
using can_unbox = std::conjunction<has_ivalue_to<T>, std::negation<std::is_lvalue_reference<T>>>;

} // namespace impl
} // namespace c10
