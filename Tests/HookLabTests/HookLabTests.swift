import Testing
@testable import HookLab
