/// The connections an ``InspectorServer`` serves, and which of them may be let go for a new one:
/// a pure value, under the server's lock, whose methods are named after what happens and return
/// what to do.
///
/// A connection is either waiting (for its next request, or for the rest of a request's head;
/// or refusing one, or answering one anyone may send) or busy (its request proved who sent it
/// and was admitted: its body is read, or it is answered). At the limit, a new
/// connection takes the place of the one that has waited the longest, so that clients that open
/// connections and send nothing (or a head a byte at a time) cannot lock everyone else out: they
/// only push each other out. Only when every connection is busy is the new one refused.
struct ConnectionTable {
  /// A connection's number in the table.
  typealias ID = UInt64

  /// What to do with a connection that arrived.
  enum Admission: Equatable {
    /// Serve it as `id`.
    case admitted(ID)
    /// Serve it as `id`, once the connection with descriptor `descriptor`, which waited the
    /// longest, is let go (its socket shut down: its owner then closes it).
    case admittedInPlaceOf(ID, descriptor: Int32)
    /// Refuse it: every connection is busy.
    case full
  }

  struct Entry {
    /// The socket's descriptor, to shut down when the connection is let go.
    let descriptor: Int32
    /// When it began to wait (a count of the table's events), or `nil` while it is busy.
    var waitingSince: UInt64?
  }

  /// The most connections served at once.
  let capacity: Int
  private(set) var entries: [ID: Entry] = [:]
  private var nextID: ID = 0
  /// Counts events, to order the waits.
  private var now: UInt64 = 0

  /// A table of at most `capacity` connections (at least one).
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  /// How many connections are served.
  var count: Int { entries.count }

  /// A connection with socket `descriptor` was accepted. It starts waiting for its first
  /// request.
  mutating func connectionArrived(descriptor: Int32) -> Admission {
    var letGo: Entry?
    if entries.count >= capacity {
      let longest = entries.compactMap { id, entry in entry.waitingSince.map { (id, $0) } }
        .min { $0.1 < $1.1 }
      guard let (id, _) = longest else { return .full }
      letGo = entries.removeValue(forKey: id)
    }
    nextID += 1
    now += 1
    entries[nextID] = Entry(descriptor: descriptor, waitingSince: now)
    guard let letGo else { return .admitted(nextID) }
    return .admittedInPlaceOf(nextID, descriptor: letGo.descriptor)
  }

  /// Connection `id` waits for its next request: it may be let go for a new connection.
  /// Returns whether it is still served.
  @discardableResult
  mutating func waitingBegan(_ id: ID) -> Bool {
    guard entries[id] != nil else { return false }
    now += 1
    entries[id]?.waitingSince = now
    return true
  }

  /// Connection `id`'s request was admitted: it is not let go until it waits again. Returns
  /// whether the connection is still served (`false`: it was let go while its head arrived).
  mutating func requestAdmitted(_ id: ID) -> Bool {
    guard entries[id] != nil else { return false }
    entries[id]?.waitingSince = nil
    return true
  }

  /// Connection `id` ended (or was let go already: then nothing changes).
  mutating func connectionEnded(_ id: ID) {
    entries[id] = nil
  }
}
