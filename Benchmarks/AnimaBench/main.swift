print("anima-bench: coming up")
