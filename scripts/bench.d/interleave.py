"""Runs commands alternately (A, B, A, B, ...) so that drift on a shared
machine hits them alike, and prints each command's median CPU time (user +
system, which a preempted run does not inflate as it does wall time) in
seconds, one a line. Usage: interleave.py ROUNDS COMMAND...  (each COMMAND one
shell-quoted string; output is discarded)."""
import resource
import shlex
import statistics
import subprocess
import sys


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


rounds = int(sys.argv[1])
commands = [shlex.split(command) for command in sys.argv[2:]]
times = [[] for _ in commands]
for round in range(rounds + 1):  # round 0 warms the caches and is not counted
    for index, command in enumerate(commands):
        start = cpu_seconds()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        if round > 0:
            times[index].append(cpu_seconds() - start)
for samples in times:
    print(statistics.median(samples))
