"""Round 18: realistic answers written from the English lessons alone (session 54)."""
