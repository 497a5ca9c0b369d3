// Messaging: objc_msgSend, objc_msgSendSuper and lookUpImpOrForward (objc-runtime-new.mm), with the method cache.

extension Runtime {
    /// Sends a message. `_cmd` is passed to the IMP; a nil receiver returns zero (guide D5).
    /// - Throws: `Fault` for a freed receiver, an unrecognized selector, an exception, a trap or infinite recursion.
    @discardableResult
    @inline(__always)
    public func objc_msgSend(_ receiver: ObjectID?, _ sel: SEL, _ args: [Value] = []) throws -> Value {
        guard let receiver else { return .none }
        let isa = objects[Int(receiver.raw)].isa
        return try dispatch(receiver, isa, sel, args, lookupFrom: isa)
    }

    /// Sends to a value: nil (or a non-object) receives nothing and answers zero.
    @discardableResult
    public func objc_msgSend(_ receiver: Value, _ sel: SEL, _ args: [Value] = []) throws -> Value {
        try objc_msgSend(receiver.object, sel, args)
    }

    /// Sends by selector name; convenient in models and tests.
    @discardableResult
    public func send(_ receiver: Value, _ selector: String, _ args: Value...) throws -> Value {
        try objc_msgSend(receiver.object, sel_registerName(selector), args)
    }

    @discardableResult
    public func send(_ receiver: ObjectID?, _ selector: String, _ args: Value...) throws -> Value {
        try objc_msgSend(receiver, sel_registerName(selector), args)
    }

    /// A `super` send: lookup starts at `superclass`, `self` stays the receiver.
    @discardableResult
    public func objc_msgSendSuper(_ receiver: ObjectID?, _ superclass: Class, _ sel: SEL, _ args: [Value] = []) throws -> Value {
        guard let receiver else { return .none }
        return try dispatch(receiver, objects[Int(receiver.raw)].isa, sel, args, lookupFrom: superclass)
    }

    @inline(__always)
    func dispatch(_ receiver: ObjectID, _ isa: Class, _ sel: SEL, _ args: [Value], lookupFrom: Class) throws -> Value {
        let o = Int(receiver.raw)
        if objects[o].state == .freed { throw messageToFreed(receiver, sel) }
        let imp = lookUpImpOrForward(lookupFrom, sel, resolve: true)
        return try invoke(imp, receiver, sel, args, traced: true)
    }

    /// Runs an IMP one level deeper: past `maxDepth` the stack has run out. The send is on ``callStack`` while it runs,
    /// for the frames of a fault made inside it. A message send is traced; a direct IMP call is not (the trace lists
    /// messages).
    @inline(__always)
    func invoke(_ imp: IMP, _ receiver: ObjectID, _ sel: SEL, _ args: [Value], traced: Bool) throws -> Value {
        if depth >= maxDepth {
            var f = fault(.infiniteRecursion, raisedBy: "runtime")
            f.unwound.insert(frame(receiver, imp, sel), at: 0)
            throw f
        }
        let entry = CallStackEntry(receiver: receiver, imp: imp, sel: sel)
        if depth < callStack.count { callStack[depth] = entry } else { callStack.append(entry) }
        depth += 1
        defer { depth -= 1 }
        if traced, tracing { trace.append(.send(depth: depth, receiver: describe(receiver), selector: sel_getName(sel),
                                                imp: imp_getLabel(imp))) }
        return try callBody(imp, receiver, sel, args)
    }

    /// A fault raised here, with the sends in progress as its frames, innermost first.
    public func fault(_ kind: Fault.Kind, raisedBy library: String) -> Fault {
        var f = Fault(kind, raisedBy: library)
        // A loop repeats a few sends to the depth bound: each distinct send is written once (its class name, receiver and
        // IMP label are text), the same value for each of its repeats.
        var written: [(entry: CallStackEntry, frame: Frame)] = []
        f.unwound = callStack[..<depth].reversed().map { entry in
            if let known = written.first(where: { $0.entry == entry }) { return known.frame }
            let made = frame(entry.receiver, entry.imp, entry.sel)
            if written.count < 16 { written.append((entry, made)) }
            return made
        }
        return f
    }

    /// Calls an IMP directly, as C code calls a saved function pointer (`originalIMP(self, _cmd, ...)`): no lookup,
    /// and `_cmd` is whatever the caller passes. Swizzlers that keep the original IMP call it this way.
    @discardableResult
    public func callIMP(_ imp: IMP, _ receiver: ObjectID, _ cmd: SEL, _ args: [Value] = []) throws -> Value {
        if objects[Int(receiver.raw)].state == .freed { throw messageToFreed(receiver, cmd) }
        // A direct call is a frame of the backtrace too: a loop through saved IMPs names its methods.
        return try invoke(imp, receiver, cmd, args, traced: false)
    }

    func frame(_ receiver: ObjectID, _ imp: IMP, _ sel: SEL) -> Frame {
        let r = objects[Int(receiver.raw)]
        let isClass = r.classObjectOf != nil
        let cls = isClass ? class_getName(r.classObjectOf!) : class_getName(r.isa)
        let symbol = "\(isClass ? "+" : "-")[\(cls) \(sel_getName(sel))]"
        let label = (imp == forwardImpcache || imp == _objc_msgForward) ? "___forwarding___" : imp_getLabel(imp)
        return Frame(symbol: symbol, receiver: describe(receiver), imp: label)
    }

    func messageToFreed(_ receiver: ObjectID, _ sel: SEL) -> Fault {
        let name = objects[Int(receiver.raw)].zombieClassName ?? "?"
        return fault(.messageToFreedObject(className: name, selector: sel_getName(sel), object: describe(receiver)),
                     raisedBy: "runtime")
    }

    /// Finds the IMP for `sel` starting at `cls`: cache, then own tables up the chain, then the resolver once,
    /// else `_objc_msgForward_impcache` (objc-runtime-new.mm lookUpImpOrForward, guide D5.1).
    @inline(__always)
    func lookUpImpOrForward(_ cls: Class, _ sel: SEL, resolve: Bool) -> IMP {
        let slot = Int(cls.raw) &* cacheStride &+ Int(sel.raw)
        if methodCacheEnabled, slot < cache.count {
            let cached = cache[slot]
            if cached >= 0 { return IMP(raw: cached) }
        }
        return lookUpImpSlow(cls, sel, resolve: resolve)
    }

    func lookUpImpSlow(_ cls: Class, _ sel: SEL, resolve: Bool) -> IMP {
        var c: Class? = cls
        while let k = c {
            if let m = classes[Int(k.raw)].methods[sel] { return fill(cls, sel, m.imp) }
            c = classes[Int(k.raw)].superclass
        }
        if resolve, resolveMethod(cls, sel) { return lookUpImpSlow(cls, sel, resolve: false) }
        return fill(cls, sel, forwardImpcache)
    }

    /// Caches an IMP; the slot is computed now, since a resolver may have registered selectors and grown the table.
    func fill(_ cls: Class, _ sel: SEL, _ imp: IMP) -> IMP {
        guard methodCacheEnabled else { return imp }
        let slot = Int(cls.raw) &* cacheStride &+ Int(sel.raw)
        // A copy starts with no table: it is made at the first fill, with room for the classes a run adds.
        if cache.isEmpty {
            cache.reserveCapacity(cacheStride * (classes.count + 32))
            cache.append(contentsOf: repeatElement(-1, count: cacheStride * classes.count))
        }
        if slot < cache.count {
            cache[slot] = imp.raw
            cacheFilled.append(Int32(slot))
        }
        return imp
    }

    /// `+resolveInstanceMethod:` / `+resolveClassMethod:`, tried once per miss (objc-runtime-new.mm L7435-7500).
    func resolveMethod(_ cls: Class, _ sel: SEL) -> Bool {
        let rec = classes[Int(cls.raw)]
        // The resolver is a class method of the class the lookup is for.
        let (classForResolver, resolver): (Class, SEL) = rec.isMeta
            ? (instanceClass(ofMeta: cls), s.resolveClassMethod) : (cls, s.resolveInstanceMethod)
        let meta = classes[Int(classForResolver.raw)].metaclass
        guard class_getInstanceMethod(meta, resolver) != nil,
              let answer = try? objc_msgSend(classObject(classForResolver), resolver, [.sel(sel)]) else { return false }
        return answer.boolValue
    }

    /// A metaclass is always allocated right after its class.
    func instanceClass(ofMeta meta: Class) -> Class { Class(raw: meta.raw - 1) }

    /// `class_respondsToSelector`: runs the resolver, never forwarding; an explicit `_objc_msgForward` method counts.
    public func class_respondsToSelector(_ cls: Class, _ sel: SEL) -> Bool {
        lookUpImpOrForward(cls, sel, resolve: true) != forwardImpcache
    }
}
