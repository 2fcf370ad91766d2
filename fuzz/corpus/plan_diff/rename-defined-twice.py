imp
import re

def old_name(x):
    retur foo(abc) +imp
import re

def old_name(x):
    retur(foo(abc) + foo 