#pragma once
// Result<T>: a value or an Error, for environment failures (I/O, git, permissions).
// Member names follow std::expected so that C++23 is a one-line switch.
#include <cassert>
#include <string>
#include <utility>
#include <variant>

#include "base/exit_code.hpp"

namespace tp {

// An environment failure with the context gathered at each layer boundary, outermost first:
// "apply cmake-minimum: writing third_party/fmt/CMakeLists.txt: permission denied".
// It carries the exit code it ends the process with: environment unless made otherwise (a
// conflict that blocks a recovery, an unknown id on the command line).
class Error {
public:
  explicit Error(std::string message, ExitCode code = ExitCode::environment)
      : m_message(std::move(message)), m_code(code) {}
  const std::string& message() const { return m_message; }
  ExitCode code() const { return m_code; }
  // Prefixes context ("writing x") to the message; returns *this for chaining.
  Error& context(const std::string& what) {
    m_message = what + ": " + m_message;
    return *this;
  }

private:
  std::string m_message;
  ExitCode m_code;
};

template <typename E> struct Unexpected { E error; };
inline Unexpected<Error> unexpected(Error e) {
  return {std::move(e)};
}
inline Unexpected<Error> fail(std::string message, ExitCode code = ExitCode::environment) {
  return {Error(std::move(message), code)};
}

template <typename T> class [[nodiscard]] Result {
public:
  Result(T value) : m_data(std::in_place_index<0>, std::move(value)) {}
  Result(Unexpected<Error> e) : m_data(std::in_place_index<1>, std::move(e.error)) {}

  bool has_value() const { return m_data.index() == 0; }
  explicit operator bool() const { return has_value(); }
  T& value() & {
    assert(has_value());
    return std::get<0>(m_data);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(m_data);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(m_data));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const {
    assert(!has_value());
    return std::get<1>(m_data);
  }
  Error& error() {
    assert(!has_value());
    return std::get<1>(m_data);
  }

private:
  std::variant<T, Error> m_data;
};

template <> class [[nodiscard]] Result<void> {
public:
  Result() = default;
  Result(Unexpected<Error> e) : m_error(std::move(e.error)), m_failed(true) {}
  bool has_value() const { return !m_failed; }
  explicit operator bool() const { return has_value(); }
  const Error& error() const {
    assert(m_failed);
    return m_error;
  }
  Error& error() {
    assert(m_failed);
    return m_error;
  }

private:
  Error m_error{""};
  bool m_failed = false;
};

// Returns a failed Result carrying `r`'s error with `what` prefixed.
template <typename T> Unexpected<Error> with_context(const Result<T>& r, const std::string& what) {
  Error e = r.error();
  e.context(what);
  return {std::move(e)};
}

} // namespace tp

// Early returns for a function that returns a Result (of any type): the error of a failed
// Result goes back to the caller unchanged; add context with with_context() where a layer has
// something to say.
//
//   TP_TRY(write_file_atomic(path, bytes));             // a Result<void>, or one whose value is
//                                                        // not needed
//   TP_TRY_ASSIGN(auto bytes, platform::read_file(path)); // declares `bytes`, the value moved out
//   TP_TRY_ASSIGN(out.plan, plan_patchsets(...));          // or assigns it to something
//
// Standard C++ only (no statement expression), so GCC with -Wpedantic -Werror, Clang, MinGW and
// MSVC all accept it. TP_TRY is one statement; TP_TRY_ASSIGN is three (it declares a hidden
// variable named after its line), so it cannot be the unbraced body of an if or a loop, and a
// line holds at most one.
#define TP_TRY(...)                                                                                \
  do {                                                                                             \
    if (auto tp_try_result_ = (__VA_ARGS__); !tp_try_result_)                                      \
      return ::tp::unexpected(std::move(tp_try_result_.error()));                                  \
  } while (false)

#define TP_TRY_ASSIGN(target, ...)                                                                 \
  auto TP_TRY_NAME_(__LINE__) = (__VA_ARGS__);                                                     \
  if (!TP_TRY_NAME_(__LINE__))                                                                     \
    return ::tp::unexpected(std::move(TP_TRY_NAME_(__LINE__).error()));                            \
  target = std::move(*TP_TRY_NAME_(__LINE__))

#define TP_TRY_NAME_(line) TP_TRY_CONCAT_(tp_try_result_, line)
#define TP_TRY_CONCAT_(a, b) a##b
