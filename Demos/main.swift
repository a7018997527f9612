print("anima-demos: coming up")
