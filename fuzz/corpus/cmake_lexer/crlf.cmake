cmake_minimum_required(VERSION 2.8.12)
# x
add_library(a b.c)
