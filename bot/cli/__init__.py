"""The `infrabot` command line: the entry point, one module per command group, terminal views."""
