// AnimaSDL: the SDL2 backend.
