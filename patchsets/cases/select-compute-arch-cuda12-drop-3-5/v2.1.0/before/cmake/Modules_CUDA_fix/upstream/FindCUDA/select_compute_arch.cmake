
# See: https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list

# This list will be used for CUDA_ARCH_NAME = All option
set(CUDA_KNOWN_GPU_ARCHITECTURES  "Kepler" "Maxwell")

# This list will be used for CUDA_ARCH_NAME = Common option (enabled by default)
set(CUDA_COMMON_GPU_ARCHITECTURES "3.5" "5.0")

endif()

if(NOT CUDA_VERSION VERSION_LESS "11.8")
  list(APPEND CUDA_KNOWN_GPU_ARCHITECTURES "Ada")
  list(APPEND CUDA_KNOWN_GPU_ARCHITECTURES "Hopper")
  list(APPEND CUDA_COMMON_GPU_ARCHITECTURES "8.9")
  list(APPEND CUDA_COMMON_GPU_ARCHITECTURES "9.0")
  list(APPEND CUDA_ALL_GPU_ARCHITECTURES "8.9")
  list(APPEND CUDA_ALL_GPU_ARCHITECTURES "9.0")

  if(CUDA_VERSION VERSION_LESS "12.0")
    set(CUDA_LIMIT_GPU_ARCHITECTURE "9.0")
    list(APPEND CUDA_COMMON_GPU_ARCHITECTURES "8.9+PTX")
    list(APPEND CUDA_COMMON_GPU_ARCHITECTURES "9.0+PTX")
  endif()
endif()

################################################################################################
# A function for automatic detection of GPUs installed  (if autodetection is enabled)
# Usage:
#   CUDA_DETECT_INSTALLED_GPUS(OUT_VARIABLE)
#
function(CUDA_DETECT_INSTALLED_GPUS OUT_VARIABLE)
  if(NOT CUDA_GPU_DETECT_OUTPUT)
