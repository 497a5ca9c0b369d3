import Testing
import ObjCModel

/// `splitASCII` must give the pieces `split(separator:)` gives for the names the models split, whose cost it replaces.
@Suite("Splitting names at an ASCII separator")
struct ASCIISplitTests {
    @Test(arguments: ["", ",", ",,", "a", "a,b", ",a,,b,", "adjust,branch,appsflyer", "AppDelegate#12", "#3",
                      "application:openURL:options: YES", "réglages,ñ,日本", "a\u{301},b"])
    func sameAsSplit(_ text: String) {
        for separator: Unicode.Scalar in [",", "#", " ", ":"] {
            let expected = text.split(separator: Character(separator)).map(String.init)
            #expect(text.splitASCII(separator).map(String.init) == expected, "\(text) at \(separator)")
            // A substring splits the same way, with indices into its base.
            let slice = text.dropFirst(0)
            #expect(slice.splitASCII(separator).map(String.init) == expected)
        }
    }
}
