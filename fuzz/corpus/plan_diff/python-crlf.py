import os
foo(bar)
def old_name():
    pass
