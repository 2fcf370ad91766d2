// Stand-in for the Concurrency Runtime's <ppltasks.h> (not open source), which <future> includes:
// the part of the documented concurrency::task API that Microsoft's STL uses (create_task and
// task<T>::wait). Part of torchpatch's MSVC STL oracle.
#pragma once
namespace Concurrency {
enum task_status { not_complete, completed, canceled };
template <class _ReturnType> class task {
public:
  task() noexcept = default;
  task_status wait() const;
  _ReturnType get() const;
};
template <class _Function> auto create_task(_Function _Func) -> task<decltype(_Func())>;
} // namespace Concurrency
namespace concurrency = Concurrency;
