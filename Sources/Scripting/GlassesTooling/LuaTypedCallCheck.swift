import GlassesScript
import Spelling
import LuaHost

/// The part of `glasses check` that reads the registry's parameter types: it
/// follows values whose class it can tell (`local cam = wearables.stream()`),
/// judges literal arguments against the parameters (`s:camera{fps=99}`,
/// `cam:capture("gif")`), and flags methods and fields a class lacks.
///
/// Like the name check it is a token scan, not an analysis: a variable has the
/// class of its last `name = call` assignment above, and loses it when
/// declared again any other way, so it misses some mistakes rather than
/// flagging correct code.
struct LuaTypedCallCheck {
    typealias Token = LuaTokenScanner.Token

    /// Registry functions by qualified name: `now`, `wearables.stream`, `Camera:capture`.
    let functions: [String: LuaBindings.Function]
    let classes: [String: LuaBindings.Class]
    /// Each class's methods as scripts call them, callable fields included (``LuaBindings/methods(of:)``).
    let methods: [String: [LuaBindings.Function]]
    let modules: Set<String>
    /// Checks of literal tables by the alias their parameter names: a type whose binding reads
    /// the table itself (a display tree) is judged by that binding's own rules and words.
    let literalChecks: [String: @Sendable (LuaLiteral) -> String?]

    /// The literal checks there are, by the alias they judge.
    static let tableChecks: [String: @Sendable (LuaLiteral) -> String?] = [DisplayTreeType.unionName: DisplayTreeLiteralCheck.problem]

    init(bindings: LuaBindings, literalChecks: [String: @Sendable (LuaLiteral) -> String?] = LuaTypedCallCheck.tableChecks) {
        self.literalChecks = literalChecks
        var functions: [String: LuaBindings.Function] = [:]
        for function in bindings.globals + bindings.modules.flatMap(\.functions) + bindings.classes.flatMap(\.methods) {
            let separator = function.isMethod ? ":" : "."
            functions[function.owner.map { $0 + separator + function.name } ?? function.name] = function
        }
        self.functions = functions
        classes = Dictionary(bindings.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        methods = Dictionary(bindings.classes.map { ($0.name, bindings.methods(of: $0)) }, uniquingKeysWith: { first, _ in first })
        modules = Set(bindings.modules.map(\.name))
    }

    /// What a chain of field reads and calls evaluates to, as far as the scan can tell.
    private enum Value {
        case module(String)
        case instance(String)
        /// An array of a class's instances (`wearables.devices()`).
        case instances(String)
        case function(String, LuaBindings.Function)
    }

    /// `defined`: names the file declares, which hide the registry's globals
    /// of the same name unless they only `require` them (`local audio = require("audio")`).
    func check(_ tokens: [Token], file: String, defined: Set<String>) -> [LuaCheckDiagnostic] {
        var diagnostics: [LuaCheckDiagnostic] = []
        var variables: [String: String] = [:]
        let declarations = LuaTypedCallCheck.declarations(tokens)
        let required = Set(tokens.indices.compactMap { index -> String? in
            guard index + 2 < tokens.count, tokens[index].kind == .name, tokens[index + 1].text == "=",
                tokens[index + 2].text == "require"
            else { return nil }
            return tokens[index].text
        })
        let hidden = defined.subtracting(required)
        let loops = LuaTypedCallCheck.loopItems(tokens)
        for index in tokens.indices where tokens[index].kind == .name {
            let previous = index > 0 ? tokens[index - 1].text : ""
            if previous == "." || previous == ":" || LuaScriptChecker.keywords.contains(tokens[index].text) { continue }
            if declarations.contains(index) { variables[tokens[index].text] = nil }
            let value = evaluate(tokens, from: index, variables: variables, hidden: hidden, file: file, into: &diagnostics)
            // `for _, item in ipairs(chain)`: the item holds an element of what the chain gives.
            if let item = loops[index], case .instances(let name)? = value { variables[item] = name }
            // `name = chain` or `local name = chain`: the name now holds what the chain gives.
            if previous == "=", index >= 2, tokens[index - 2].kind == .name, index < 3 || ![".", ":", ","].contains(tokens[index - 3].text) {
                if case .instance(let name)? = value { variables[tokens[index - 2].text] = name } else { variables[tokens[index - 2].text] = nil }
            }
        }
        return diagnostics
    }

    /// Follows `start.field:method(args)...`, checking each step it can judge.
    private func evaluate(
        _ tokens: [Token], from start: Int, variables: [String: String], hidden: Set<String>, file: String,
        into diagnostics: inout [LuaCheckDiagnostic]
    ) -> Value? {
        let head = tokens[start].text
        let global: Value? =
            hidden.contains(head) ? nil : modules.contains(head) ? .module(head) : functions[head].map { .function(head, $0) }
        var value: Value? = variables[head].map(Value.instance) ?? global
        var position = start + 1
        while position < tokens.count, value != nil {
            let token = tokens[position]
            if token.text == ".", position + 1 < tokens.count, tokens[position + 1].kind == .name {
                let member = tokens[position + 1]
                let assigned = position + 2 < tokens.count && tokens[position + 2].text == "="
                value = field(member, of: value, assigned: assigned, file: file, into: &diagnostics)
                position += 2
            } else if token.text == ":", position + 1 < tokens.count, tokens[position + 1].kind == .name {
                let member = tokens[position + 1]
                guard case .instance(let className)? = value, let luaClass = classes[className] else { return nil }
                let callable = methods[className] ?? luaClass.methods
                guard let method = callable.first(where: { $0.name == member.text }) else {
                    let hint = NameSuggestion.closest(to: member.text, in: callable.map(\.name)).map { " (did you mean '\($0)'?)" }
                    diagnostics.append(
                        LuaCheckDiagnostic(file: file, line: member.line, message: "unknown method '\(member.text)' on \(className)\(hint ?? "")"))
                    return nil
                }
                value = .function(className + ":" + method.name, method)
                position += 2
            } else if token.text == "[", case .instances(let name)? = value,
                let close = LuaLiteral.closing(tokens[...], from: position)
            {
                value = .instance(name)
                position = close + 1
            } else if token.text == "(" || token.text == "{" || token.kind == .string {
                guard case .function(let name, let function)? = value, let call = LuaTypedCallCheck.arguments(tokens, at: position)
                else { return nil }
                diagnostics += check(call.arguments, to: function, named: name, line: tokens[position - 1].line, file: file)
                value = instance(function.returns.first)
                position = call.end
            } else {
                break
            }
        }
        return value
    }

    private func field(
        _ member: Token, of value: Value?, assigned: Bool, file: String, into diagnostics: inout [LuaCheckDiagnostic]
    ) -> Value? {
        switch value {
        case .module(let module)?:
            let name = module + "." + member.text
            return modules.contains(name) ? .module(name) : functions[name].map { .function(name, $0) }
        case .instance(let className)?:
            guard let luaClass = classes[className] else { return nil }
            if let field = luaClass.fields.first(where: { $0.name == member.text }) { return instance(field.type) }
            if luaClass.methods.contains(where: { $0.name == member.text }) || assigned || luaClass.isOpen { return nil }
            let names = luaClass.fields.map(\.name) + luaClass.methods.map(\.name)
            let hint = NameSuggestion.closest(to: member.text, in: names).map { " (did you mean '\($0)'?)" }
            diagnostics.append(LuaCheckDiagnostic(file: file, line: member.line, message: "unknown field '\(member.text)' on \(className)\(hint ?? "")"))
            return nil
        default: return nil
        }
    }

    /// A registered class's instance, for a value of `type`.
    private func instance(_ type: LuaType?) -> Value? {
        switch type {
        case .named(let name)?, .optional(.named(let name))?: classes[name] != nil ? .instance(name) : nil
        case .array(.named(let name))?: classes[name] != nil ? .instances(name) : nil
        default: nil
        }
    }

    private func check(_ arguments: [LuaLiteral], to function: LuaBindings.Function, named name: String, line: Int, file: String)
        -> [LuaCheckDiagnostic]
    {
        var problems: [String] = []
        for (position, parameter) in function.parameters.enumerated() where !parameter.isRest {
            let type = parameter.isOptional ? LuaType.optional(parameter.type) : parameter.type
            if position < arguments.count {
                if case .alias(let alias, _) = parameter.type, let literalCheck = literalChecks[alias] {
                    if let problem = literalCheck(arguments[position]) { problems.append("bad argument #\(position + 1) to '\(name)' (\(problem))") }
                } else if let problem = arguments[position].mismatch(type) ?? arguments[position].rangeProblem(parameter) {
                    problems.append("bad argument #\(position + 1) to '\(name)' (\(problem))")
                }
            } else if !parameter.isOptional, !LuaTypedCallCheck.mayExpand(arguments) {
                problems.append("bad argument #\(position + 1) to '\(name)' (\(parameter.type.text) expected, got no value)")
                break
            }
        }
        if problems.isEmpty, let rule = function.rule, let problem = rule(LuaTypedCallCheck.scalars(arguments, count: function.parameters.prefix { !$0.isRest }.count)) {
            problems.append("bad argument #\(problem.argument) to '\(name)' (\(problem.message))")
        }
        return problems.map { LuaCheckDiagnostic(file: file, line: line, message: $0) }
    }

    /// The arguments as a ``LuaArgumentRule`` sees them; nil where the scan cannot tell.
    private static func scalars(_ arguments: [LuaLiteral], count: Int) -> [LuaValue?] {
        let expands = mayExpand(arguments)
        return (0..<count).map { position in
            guard position < arguments.count else { return expands ? nil : .nil }
            switch arguments[position] {
            case .string(let text): return .string(text)
            case .number(let text): return Int64(text).map(LuaValue.integer) ?? Double(text).map(LuaValue.number)
            case .boolean(let flag): return .boolean(flag)
            case .nil: return .nil
            case .table, .expression: return nil
            }
        }
    }

    /// For each `for k, v in ipairs(` or `pairs(`: the index of the first token of its
    /// argument, and the loop's item name.
    private static func loopItems(_ tokens: [Token]) -> [Int: String] {
        var items: [Int: String] = [:]
        for index in tokens.indices where tokens[index].text == "for" {
            guard index + 7 < tokens.count, tokens[index + 2].text == ",", tokens[index + 3].kind == .name,
                tokens[index + 4].text == "in", ["ipairs", "pairs"].contains(tokens[index + 5].text), tokens[index + 6].text == "("
            else { continue }
            items[index + 7] = tokens[index + 3].text
        }
        return items
    }

    /// The last argument is a call or `...`, which may stand for several values.
    private static func mayExpand(_ arguments: [LuaLiteral]) -> Bool {
        guard let last = arguments.last else { return false }
        if case .expression = last { return true }
        return false
    }

    /// The arguments of the call at `position` (`(...)`, `{...}` or a string) and the index after them.
    private static func arguments(_ tokens: [Token], at position: Int) -> (arguments: [LuaLiteral], end: Int)? {
        let all = tokens[...]
        switch tokens[position].text {
        case "(":
            guard let close = LuaLiteral.closing(all, from: position) else { return nil }
            let inner = all[(position + 1)..<close]
            return (inner.isEmpty ? [] : LuaLiteral.split(inner, on: [","]).map(LuaLiteral.parse), close + 1)
        case "{":
            guard let close = LuaLiteral.closing(all, from: position) else { return nil }
            return ([LuaLiteral.parse(all[position...close])], close + 1)
        default:
            return ([.string(tokens[position].text)], position + 1)
        }
    }

    /// Indexes of names declared by `local a, b`, `for a, b` or a parameter
    /// list, where the name starts out as something the scan cannot type.
    private static func declarations(_ tokens: [Token]) -> Set<Int> {
        var indexes: Set<Int> = []
        var declaring = false
        for (index, token) in tokens.enumerated() {
            if token.text == "local" || token.text == "for" || (token.text == "(" && LuaScriptChecker.isParameterList(tokens, index)) {
                declaring = true
                continue
            }
            guard declaring else { continue }
            if token.kind == .name, !LuaScriptChecker.keywords.contains(token.text) {
                indexes.insert(index)
            } else if ![",", "<", ">", "...", "function"].contains(token.text) {
                declaring = false
            }
        }
        return indexes
    }
}
