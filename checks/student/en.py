"""The student's tools by the names an English course's lessons call them
(checks.markers.TOOL_NAMES["en"])."""

from checks.student.exercise import check, form
from checks.student.prediction import predict, prediction_result
from checks.student.progress import progress

__all__ = ["check", "form", "predict", "prediction_result", "progress"]
