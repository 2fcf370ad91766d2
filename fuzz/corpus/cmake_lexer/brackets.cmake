#[[ comment cmake_policy(VERSION 2.8) ]]
set(x [==[ raw ) ]] ]==] y)
CMAKE_POLICY(VERSION 3.0...3.20)
file(WRITE f "cmake_minimum_required(VERSION 2.8)\
")
