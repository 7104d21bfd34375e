"""Round 21: realistic answers written from the English lessons alone (session 57)."""
