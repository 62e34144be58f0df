"""Sales quotes as records: numbering, revisions, lifecycle, roles, audit and the PDF proposal."""
