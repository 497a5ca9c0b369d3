import Testing
@testable import UIKitModel
