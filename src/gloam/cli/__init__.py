"""Terminal front ends (the only package that does terminal I/O)."""
