print("glasses")
