import Testing
@testable import ObjCModel
