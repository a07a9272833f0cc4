"""What the benchmark scripts share: the machine they ran on and how they start `judge`."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path


def judge_command() -> list[str]:
    """The installed console script, else the same entry point through this interpreter."""
    exe = Path(sys.executable).parent / "judge"
    return [str(exe)] if exe.exists() else [sys.executable, "-c", "from judge.cli import main; main()"]


def machine() -> str:
    """CPU model, logical CPUs, Python version and system, for the figures' context."""
    model = platform.processor() or "unknown CPU"
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        model = next((line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("Model name")), model)
    except (OSError, subprocess.CalledProcessError):
        pass
    return f"{model}, {os.cpu_count()} logical CPUs, Python {platform.python_version()}, {platform.system()}"
