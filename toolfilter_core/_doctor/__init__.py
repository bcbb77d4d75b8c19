"""The doctor: which tools crowd each other, which no request reaches, which definitions to fix."""

from __future__ import annotations

from .run import diagnose
from .values import KINDS, CrowdedPair, DoctorReport, Finding

__all__ = ["KINDS", "CrowdedPair", "DoctorReport", "Finding", "diagnose"]
