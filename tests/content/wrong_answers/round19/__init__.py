"""Round 19: realistic answers written from the English lessons alone (session 55)."""
