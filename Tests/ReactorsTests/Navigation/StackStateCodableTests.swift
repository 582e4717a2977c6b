import Foundation
import Reactors
import Testing

extension NavigationTests {
  @Suite struct StackStateCodableTests {
    @Test func aStackRoundTripsWithItsIDsAndCounter() throws {
      var stack: StackState = ["a", "b", "c"]
      stack.pop()
      let data = try JSONEncoder().encode(stack)
      let decoded = try JSONDecoder().decode(StackState<String>.self, from: data)
      #expect(decoded == stack)
      #expect(decoded.nextID == 3)
      var pushed = decoded
      #expect(pushed.push("d") == 3)
    }

    @Test func idsEncodeAsPlainIntegers() throws {
      let data = try JSONEncoder().encode([StackElementID(rawValue: 7)])
      #expect(String(decoding: data, as: UTF8.self) == "[7]")
    }

    @Test func duplicateIDsAreADecodingErrorThatNamesTheID() {
      let json = #"{"elements": ["a", "b"], "ids": [4, 4], "nextID": 5}"#
      #expect(decodingError(json).contains("two elements of a StackState have the id #4"))
    }

    @Test func aCounterNotAboveEveryIDIsADecodingError() {
      let json = #"{"elements": ["a", "b"], "ids": [0, 6], "nextID": 6}"#
      let message = decodingError(json)
      #expect(message.contains("nextID (#6) must be greater than every id"))
    }

    @Test func aCountMismatchIsADecodingError() {
      let json = #"{"elements": ["a", "b"], "ids": [0], "nextID": 2}"#
      #expect(decodingError(json).contains("2 elements but 1 ids"))
    }

    @Test func anEmptyStackDecodesWithAnyCounter() throws {
      let json = #"{"elements": [], "ids": [], "nextID": 40}"#
      let stack = try JSONDecoder().decode(StackState<String>.self, from: Data(json.utf8))
      #expect(stack.isEmpty && stack.nextID == 40)
    }

    /// The debug description of the error decoding `json` as a stack of strings, or "" when it
    /// decodes.
    func decodingError(_ json: String) -> String {
      do {
        _ = try JSONDecoder().decode(StackState<String>.self, from: Data(json.utf8))
        return ""
      } catch DecodingError.dataCorrupted(let context) {
        return context.debugDescription
      } catch {
        return "\(error)"
      }
    }
  }
}
