import Testing
@testable import LibraryModels
