import Foundation
import Reactors

extension Standup {
  /// Three standups to try the app with: what the list offers when the file cannot be read.
  /// Their ids are fixed, so that loading them twice gives the same standups.
  public static let samples: [Standup] = [
    Standup(
      id: sampleID(1), title: "Design", duration: .seconds(60),
      attendees: attendees(2, ["Ada", "Brian", "Chen", "Dana", "Emeka", "Fatima"]),
      theme: .orange),
    Standup(
      id: sampleID(3), title: "Engineering", duration: .seconds(10 * 60),
      attendees: attendees(4, ["Grace", "Hiro"]), theme: .periwinkle),
    Standup(
      id: sampleID(5), title: "Product", duration: .seconds(30 * 60),
      attendees: attendees(6, ["Ines", "Jonas"]), theme: .poppy),
  ]

  /// A sample id: `5A3B1E00-0000-0000-0000-` then `number` in twelve hexadecimal digits.
  private static func sampleID(_ number: Int) -> UUID {
    UUID(uuidString: "5A3B1E00-0000-0000-0000-\(String(format: "%012X", number))")!
  }

  /// Attendees named `names`, with ids made from `group`.
  private static func attendees(_ group: Int, _ names: [String]) -> IdentifiedArray<Attendee> {
    IdentifiedArray(
      names.enumerated().map { index, name in
        Attendee(id: sampleID(group * 0x100 + index), name: name)
      })
  }
}
