foo(a "b
bar([[x