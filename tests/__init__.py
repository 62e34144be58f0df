"""infrabot's tests, in folders that mirror the code's wings."""
