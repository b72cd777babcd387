"""What a student calls in a lesson's notebook: checks of exercises and their forms, predictions
and their verdicts, and their progress. A lesson imports them by its course's language, from
`checks.student.tr` or `checks.student.en` (checks.markers.TOOL_NAMES). Imported in the
kernel, in JupyterLab and in the browser's lite course; the linter is `checks.linter`."""
