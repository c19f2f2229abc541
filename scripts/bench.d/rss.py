"""Runs a command and prints its peak resident set size in kilobytes."""
import os
import subprocess
import sys

process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(process.pid, 0)
print(usage.ru_maxrss)
