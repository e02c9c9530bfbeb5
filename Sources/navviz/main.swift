print("navviz")
