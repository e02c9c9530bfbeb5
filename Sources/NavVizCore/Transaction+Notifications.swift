/// ModalNotificationController (docs/semantics.md, ModalNotificationController): a sequence of controllers
/// shown one at a time, usually presented with the `custom` style. A flick advances it; after the last one
/// it dismisses itself.
extension Transaction {
    /// The fade of the next notification (and of the dismissal), in seconds.
    static let notificationFade = 0.3

    /// The slowest flick that advances, in points per second: `|v| / velocityAdjust > 50`, with an
    /// adjustment of 10 on a phone and 2 on a pad.
    static func flickThreshold(on device: Device) -> Double {
        switch device {
        case .phone: 500
        case .pad: 100
        }
    }

    /// A pan that ends with this velocity (nil: a decisive flick whose speed is not given). Slower than the
    /// device's threshold, the notification snaps back. Otherwise, after `max(0, 0.5 − |v|/10000)` s the
    /// next notification fades in (old.wD, old.dD, new.wA, new.dA); after the last one the sequence is
    /// dismissed by its presenter, which gets no callbacks because the style is `custom`.
    /// There is no in-flight guard: a second flick during the delay advances again.
    mutating func flick(velocity: Double?) throws(NavigationError) {
        let sequence = try container(.notifications, operation: "flick", fallback: true)
        let children = h[sequence].children
        // The flick is the user's pan: a presentation over the notification, or made inside it, takes the touches, and one
        // off screen is out of reach, as a back swipe's navigation controller is, however fast the pan (docs/semantics.md#M2;
        // a fidelity trial's flick under an alert advanced the sequence).
        if let index = h[sequence].selected, children.indices.contains(index),
            let cover = h.presentation(over: children[index]) ?? h.presented(inside: children[index])
        {
            throw .flickUnreachable(sequence, presented: cover)
        }
        if !h.nodesInWindow().contains(sequence) { throw .flickUnreachable(sequence, presented: nil) }
        let threshold = Self.flickThreshold(on: h.device)
        if let velocity, abs(velocity) <= threshold {
            return noop(
                "A flick at \(Self.format(abs(velocity))) pt/s does not advance '\(sequence)': it needs more than "
                    + "\(Self.format(threshold)) pt/s on a \(h.device.rawValue), so the notification snaps back")
        }
        guard let index = h[sequence].selected, children.indices.contains(index) else {
            return noop("'\(sequence)' shows no notification to flick away")
        }
        let delay = Simulator.onClock(velocity.map { max(0, 0.5 - abs($0) / 10_000) } ?? 0)
        var parameters = ["delay": delay]
        if let velocity { parameters["velocity"] = abs(velocity) }
        defaultAnimation = Animation(kind: "flick", duration: Simulator.onClock(delay + Self.notificationFade), parameters: parameters)
        // Children are added and removed while the sequence is on screen: the callbacks say animated: false.
        callbackAnimated = false
        order = .sequential
        if index + 1 < children.count {
            container = sequence
            h[sequence].selected = index + 1
            return
        }
        guard let presenter = h.presentingViewController(of: sequence) else {
            // `addNextViewController` removes the last child before the index's didSet asks a presenter there is
            // none of to dismiss the sequence: the notification leaves all the same.
            container = sequence
            h[sequence].selected = nil
            if replaysQuirks { hooks.append(HookEvent("quirk:extraIndexFetch", controller: sequence)) }
            warnings.append("'\(sequence)' is not presented: its last notification is removed and nothing is dismissed")
            return
        }
        // The last child leaves; the seed then asks for one index past the end before dismissing.
        h[sequence].selected = nil
        phase(.sequential, animated: false)
        if replaysQuirks { hooks.append(HookEvent("quirk:extraIndexFetch", controller: sequence)) }
        // `presentingViewController.dismiss(animated: true)`: whatever sits above goes first, silently.
        let dismissed = h[presenter].presented ?? h.containmentRoot(of: sequence)
        tearDownSilently(presentationChain(from: h[dismissed].presented))
        let style = h[dismissed].style ?? .automatic
        // The presenter is dismissing as after a `dismiss`: a push onto it meanwhile is refused (docs/semantics.md#C3; a
        // fidelity trial's push right after the last flick went through).
        presenting = h[dismissed].presenter
        unlinkPresentation(dismissed)
        container = Simulator.presentationKey
        callbackAnimated = nil
        order = style.removesPresenterViews ? .presentation : .swap
    }

    /// A number for messages: `500`, `12.5`.
    static func format(_ value: Double) -> String {
        abs(value) < 1e15 && value == Double(Int(value)) ? String(Int(value)) : String(value)
    }
}
