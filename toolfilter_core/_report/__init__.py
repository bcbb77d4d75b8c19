"""Reports a person reads: the eval report and the doctor's page (HTML with pictures, or Markdown)."""
