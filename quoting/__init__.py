"""Pure quoting domain: job spec -> memory/time estimate -> GPU/TPU recommendation -> BRL price.

This package never imports torch, chromadb, telegram or slack, so `infrabot quote` starts fast.
"""
