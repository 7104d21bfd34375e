"""Round 20: realistic answers written from the English lessons alone (session 56)."""
