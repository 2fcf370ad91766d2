import os
import re

def old_name(x):
    return foo(abc) + foo()

old_name(1)
