// LibraryModels: see DESIGN.md.
