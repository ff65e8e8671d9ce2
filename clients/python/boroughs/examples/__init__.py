"""Example bots: `python3 -m boroughs.examples.stdio_bot` (stdio), `python3 -m boroughs.examples.remote_bot`."""
