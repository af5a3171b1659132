"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target2, all) => {
  for (var name in all)
    __defProp(target2, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target2) => (target2 = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target2, "default", { value: mod, enumerable: true }) : target2,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports2) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias4 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap6 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair5 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar7 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq4 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection4(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar7(node) || isCollection4(node)) && !!node.anchor;
    exports2.ALIAS = ALIAS;
    exports2.DOC = DOC;
    exports2.MAP = MAP;
    exports2.NODE_TYPE = NODE_TYPE;
    exports2.PAIR = PAIR;
    exports2.SCALAR = SCALAR;
    exports2.SEQ = SEQ;
    exports2.hasAnchor = hasAnchor;
    exports2.isAlias = isAlias4;
    exports2.isCollection = isCollection4;
    exports2.isDocument = isDocument;
    exports2.isMap = isMap6;
    exports2.isNode = isNode;
    exports2.isPair = isPair5;
    exports2.isScalar = isScalar7;
    exports2.isSeq = isSeq4;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit5(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit5.BREAK = BREAK;
    visit5.SKIP = SKIP;
    visit5.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports2.visit = visit5;
    exports2.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var visit5 = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix2] = parts;
            this.tags[handle] = prefix2;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix2 = this.tags[handle];
        if (prefix2) {
          try {
            return prefix2 + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix2] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix2))
            return handle + escapeTagName(tag.substring(prefix2.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit5.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix2] of tagEntries) {
          if (handle === "!!" && prefix2 === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix2)))
            lines.push(`%TAG ${handle} ${prefix2}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports2.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var visit5 = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors2 = /* @__PURE__ */ new Set();
      visit5.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors2.add(node.anchor);
        }
      });
      return anchors2;
    }
    function findNewAnchor(prefix2, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix2}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix2) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix2, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports2.anchorIsValid = anchorIsValid;
    exports2.anchorNames = anchorNames;
    exports2.createNodeAnchors = createNodeAnchors;
    exports2.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports2) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports2.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports2) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports2.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports2) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports2.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports2) {
    "use strict";
    var anchors2 = require_anchors();
    var visit5 = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit5.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors3, doc: doc2, maxAliasCount } = ctx;
          let data = anchors3.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors3.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors3);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors2.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors3) {
      if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors3 && source && anchors3.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors3);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors3);
        const vc = getAliasCount(doc, node.value, anchors3);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports2.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue2 = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar4 = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar4.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar4.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar4.PLAIN = "PLAIN";
    Scalar4.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar4.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports2.Scalar = Scalar4;
    exports2.isScalarValue = isScalarValue2;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports2) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar4 = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode2(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar4.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar4.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports2.createNode = createNode2;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports2) {
    "use strict";
    var createNode2 = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode2.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports2.Collection = Collection;
    exports2.collectionFromPath = collectionFromPath;
    exports2.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports2) {
    "use strict";
    var stringifyComment = (str2) => str2.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment2, indent3) {
      if (/^\n+$/.test(comment2))
        return comment2.substring(1);
      return indent3 ? comment2.replace(/^(?! *$)/gm, indent3) : comment2;
    }
    var lineComment = (str2, indent3, comment2) => str2.endsWith("\n") ? indentComment(comment2, indent3) : comment2.includes("\n") ? "\n" + indentComment(comment2, indent3) : (str2.endsWith(" ") ? "" : " ") + comment2;
    exports2.indentComment = indentComment;
    exports2.lineComment = lineComment;
    exports2.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports2) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text2, indent3, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent3.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent3.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split2 = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text2, i, indent3.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text2[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text2[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text2, i, indent3.length);
          end = i + indent3.length + endStep;
          split2 = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text2[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split2 = i;
          }
          if (i >= end) {
            if (split2) {
              folds.push(split2);
              end = split2 + endStep;
              split2 = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text2[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text2;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split2 = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text2;
      if (onFold)
        onFold();
      let res = text2.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text2.length;
        if (fold === 0)
          res = `
${indent3}${text2.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent3}${text2.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent3) {
      let end = i;
      let start = i + 1;
      let ch = text2[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent3) {
          ch = text2[++i];
        } else {
          do {
            ch = text2[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text2[start];
        }
      }
      return end;
    }
    exports2.FOLD_BLOCK = FOLD_BLOCK;
    exports2.FOLD_FLOW = FOLD_FLOW;
    exports2.FOLD_QUOTED = FOLD_QUOTED;
    exports2.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str2) => /^(%|---|\.\.\.)/m.test(str2);
    function lineLengthOverLimit(str2, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str2.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str2[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent3 = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str2 = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str2 += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str2 += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str2 += "\\0";
                    break;
                  case "0007":
                    str2 += "\\a";
                    break;
                  case "000b":
                    str2 += "\\v";
                    break;
                  case "001b":
                    str2 += "\\e";
                    break;
                  case "0085":
                    str2 += "\\N";
                    break;
                  case "00a0":
                    str2 += "\\_";
                    break;
                  case "2028":
                    str2 += "\\L";
                    break;
                  case "2029":
                    str2 += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str2 += "\\x" + code.substr(2);
                    else
                      str2 += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str2 += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str2 += "\n";
                  i += 2;
                }
                str2 += indent3;
                if (json[i + 2] === " ")
                  str2 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str2 = start ? str2 + json.slice(start) : json;
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent3, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent3 = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent3}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent3, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment: comment2, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent3 = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal2 = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar4.Scalar.BLOCK_FOLDED ? false : type === Scalar4.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent3.length);
      if (!value)
        return literal2 ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent3}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent3}`);
      }
      const indentSize = indent3 ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment2) {
        header += " " + commentString(comment2.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal2) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent3}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar4.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent3, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent3}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent3}`);
      return `|${header}
${indent3}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent: indent3, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar4.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent3 === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent3 === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str2 = value.replace(/\n+/g, `$&
${indent3}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str2);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent3, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar4.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar4.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar4.Scalar.BLOCK_FOLDED:
          case Scalar4.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar4.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar4.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar4.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports2.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports2) {
    "use strict";
    var anchors2 = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors2.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str2 = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str2;
      return identity.isScalar(node) || str2[0] === "{" || str2[0] === "[" ? `${props} ${str2}` : `${props}
${ctx.indent}${str2}`;
    }
    exports2.createStringifyContext = createStringifyContext;
    exports2.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Scalar4 = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent: indent3, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar4.Scalar.BLOCK_FOLDED || key.type === Scalar4.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent3 + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str2 = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str2.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str2 === "" ? "?" : explicitKey ? `? ${str2}` : str2;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str2 = `? ${str2}`;
        if (keyComment && !keyCommentDone) {
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str2;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        str2 = `? ${str2}
${indent3}:`;
      } else {
        str2 = `${str2}:`;
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str2.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str2 += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str2;
    }
    exports2.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports2) {
    "use strict";
    var node_process = require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports2.debug = debug;
    exports2.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Scalar4 = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar4.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar4.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports2.addMergeToJSMap = addMergeToJSMap;
    exports2.isMergeKey = isMergeKey;
    exports2.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports2) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports2.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports2) {
    "use strict";
    var createNode2 = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode2.createNode(key, void 0, ctx);
      const v = createNode2.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports2.Pair = Pair;
    exports2.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment: comment2, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent: indent3, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment3 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment3 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str3 = stringify.stringify(item, itemCtx, () => comment3 = null, () => chompKeep = true);
        if (comment3)
          str3 += stringifyComment.lineComment(str3, itemIndent, commentString(comment3));
        if (chompKeep && comment3)
          chompKeep = false;
        lines.push(blockItemPrefix + str3);
      }
      let str2;
      if (lines.length === 0) {
        str2 = flowChars.start + flowChars.end;
      } else {
        str2 = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str2 += line ? `
${indent3}${line}` : "\n";
        }
      }
      if (comment2) {
        str2 += "\n" + stringifyComment.indentComment(commentString(comment2), indent3);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str2;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent: indent3, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment2 = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment2 = ik.comment;
          }
        }
        if (comment2)
          reqNewline = true;
        let str2 = stringify.stringify(item, itemCtx, () => comment2 = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str2.includes("\n"));
        if (i < items.length - 1) {
          str2 += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str2.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str2 += ",";
          }
        }
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        lines.push(str2);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str2 = start;
          for (const line of lines)
            str2 += line ? `
${indentStep}${indent3}${line}` : "\n";
          return `${str2}
${indent3}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent: indent3, options: { commentString } }, lines, comment2, chompKeep) {
      if (comment2 && chompKeep)
        comment2 = comment2.replace(/^\n+/, "");
      if (comment2) {
        const ic = stringifyComment.indentComment(commentString(comment2), indent3);
        lines.push(ic.trimStart());
      }
    }
    exports2.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports2) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar4 = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar4.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports2.YAMLMap = YAMLMap;
    exports2.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports2.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports2) {
    "use strict";
    var createNode2 = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar4 = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar4.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode2.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports2.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports2.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports2) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str2) => str2,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports2.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar4.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar4.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports2.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str2) => new Scalar4.Scalar(str2[0] === "t" || str2[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports2.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports2) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports2.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str2) {
        const node = new Scalar4.Scalar(parseFloat(str2));
        const dot = str2.indexOf(".");
        if (dot !== -1 && str2[str2.length - 1] === "0")
          node.minFractionDigits = str2.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports2.float = float;
    exports2.floatExp = floatExp;
    exports2.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports2) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str2, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2.substring(offset), radix);
    function intStringify(node, radix, prefix2) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix2 + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports2.int = int;
    exports2.intHex = intHex;
    exports2.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports2) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports2.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str2) => str2,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar4.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str2) => str2 === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str2, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str2) => parseFloat(str2),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str2, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str2)}`);
        return str2;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports2.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports2) {
    "use strict";
    var node_buffer = require("buffer");
    var Scalar4 = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str2 = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str2.length);
          for (let i = 0; i < str2.length; ++i)
            buffer[i] = str2.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment: comment2, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str2;
        if (typeof node_buffer.Buffer === "function") {
          str2 = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str2 = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar4.Scalar.BLOCK_LITERAL);
        if (type !== Scalar4.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str2.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str2.substr(o, lineWidth);
          }
          str2 = lines.join(type === Scalar4.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment: comment2, type, value: str2 }, ctx, onComment, onChompKeep);
      }
    };
    exports2.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar4 = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar4.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys2 = Object.keys(it);
            if (keys2.length === 1) {
              key = keys2[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys2.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports2.createPairs = createPairs;
    exports2.pairs = pairs;
    exports2.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports2.YAMLOMap = YAMLOMap;
    exports2.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar4.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar4.Scalar(false),
      stringify: boolStringify
    };
    exports2.falseTag = falseTag;
    exports2.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str2) {
        const node = new Scalar4.Scalar(parseFloat(str2.replace(/_/g, "")));
        const dot = str2.indexOf(".");
        if (dot !== -1) {
          const f = str2.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports2.float = float;
    exports2.floatExp = floatExp;
    exports2.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports2) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str2, offset, radix, { intAsBigInt }) {
      const sign = str2[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str2 = str2.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str2 = `0b${str2}`;
            break;
          case 8:
            str2 = `0o${str2}`;
            break;
          case 16:
            str2 = `0x${str2}`;
            break;
        }
        const n2 = BigInt(str2);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str2, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix2) {
      const { value } = node;
      if (intIdentify(value)) {
        const str2 = value.toString(radix);
        return value < 0 ? "-" + prefix2 + str2.substr(1) : prefix2 + str2;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports2.int = int;
    exports2.intBin = intBin;
    exports2.intHex = intHex;
    exports2.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set3 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set3.items.push(Pair.createPair(value, null, ctx));
          }
        return set3;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set2 = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports2.YAMLSet = YAMLSet;
    exports2.set = set2;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports2) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str2, asBigInt) {
      const sign = str2[0];
      const parts = sign === "-" || sign === "+" ? str2.substring(1) : str2;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str2, _onError, { intAsBigInt }) => parseSexagesimal(str2, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str2) => parseSexagesimal(str2, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str2) {
        const match = str2.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports2.floatTime = floatTime;
    exports2.intTime = intTime;
    exports2.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports2) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set2 = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set2.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports2.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports2) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set2 = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set2.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set2.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys2 = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys2} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys2 = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys2}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports2.coreKnownTags = coreKnownTags;
    exports2.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports2.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports2.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports2) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors2 = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode2 = require_createNode();
    var directives = require_directives();
    var Document3 = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors2.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors2.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors2.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode2.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports2.Document = Document3;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports2) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports2.YAMLError = YAMLError;
    exports2.YAMLParseError = YAMLParseError;
    exports2.YAMLWarning = YAMLWarning;
    exports2.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports2) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment2 = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment2)
              comment2 = cb;
            else
              comment2 += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment2)
                comment2 += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last2 = tokens[tokens.length - 1];
      const end = last2 ? last2.offset + last2.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment: comment2,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports2.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports2) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports2.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports2) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent3, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent3 && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports2.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports2) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports2.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports2) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart2 = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart2, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart2, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports2.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports2) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports2.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports2) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment2 = "";
      if (end) {
        let hasSpace = false;
        let sep = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment2)
                comment2 = cb;
              else
                comment2 += sep + cb;
              sep = "";
              break;
            }
            case "newline":
              if (comment2)
                sep += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment: comment2, offset };
    }
    exports2.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap6 = fc.start.source === "{";
      const fcName = isMap6 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap6 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap6 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap6 && !sep && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart2 = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart2, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap6 && !props.found && ctx.options.strict) {
              if (sep)
                for (const st of sep) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap6) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart2, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap6 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports2.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Scalar4 = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar4.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports2.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    function resolveBlockScalar(ctx, scalar2, onError) {
      const start = scalar2.offset;
      const header = parseBlockScalarHeader(scalar2, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar4.Scalar.BLOCK_FOLDED : Scalar4.Scalar.BLOCK_LITERAL;
      const lines = scalar2.source ? splitLines(scalar2.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar2.source)
          end2 += scalar2.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar2.indent + header.indent;
      let offset = scalar2.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent3, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent3.length > trimIndent)
            trimIndent = indent3.length;
        } else {
          if (indent3.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent3.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent3.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent3.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent3, content] = lines[i];
        offset += indent3.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent3.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent3 = "";
        }
        if (type === Scalar4.Scalar.BLOCK_LITERAL) {
          value += sep + indent3.slice(trimIndent) + content;
          sep = "\n";
        } else if (indent3.length > trimIndent || content[0] === "	") {
          if (sep === " ")
            sep = "\n";
          else if (!prevMoreIndented && sep === "\n")
            sep = "\n\n";
          value += sep + indent3.slice(trimIndent) + content;
          sep = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep === "\n")
            value += "\n";
          else
            sep = "\n";
        } else {
          value += sep + content;
          sep = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar2.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent3 = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent3 && n)
            indent3 = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment2 = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment2 = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent: indent3, chomp, comment: comment2, length };
    }
    function splitLines(source) {
      const split2 = source.split(/\n( *)/);
      const first = split2[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split2.length; i += 2)
        lines.push([split2[i], split2[i + 1]]);
      return lines;
    }
    exports2.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports2) {
    "use strict";
    var Scalar4 = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar2, strict, onError) {
      const { offset, type, source, end } = scalar2;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar4.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar4.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar4.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar2, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep === "\n")
            res += sep;
          else
            sep = "\n";
        } else {
          res += sep + lm;
          sep = " ";
        }
        pos = line.lastIndex;
      }
      const last2 = /[ \t]*(.*)/sy;
      last2.lastIndex = pos;
      match = last2.exec(source);
      return res + sep + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports2.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports2) {
    "use strict";
    var identity = require_identity();
    var Scalar4 = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment: comment2, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar2;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar2 = identity.isScalar(res) ? res : new Scalar4.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar2 = new Scalar4.Scalar(value);
      }
      scalar2.range = range;
      scalar2.source = value;
      if (type)
        scalar2.type = type;
      if (tagName)
        scalar2.tag = tagName;
      if (tag.format)
        scalar2.format = tag.format;
      if (comment2)
        scalar2.comment = comment2;
      return scalar2;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports2.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports2) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports2.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports2) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment: comment2, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment2) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment2;
        else
          node.commentBefore = comment2;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment: comment2, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment2) {
        node.comment = comment2;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports2.composeEmptyNode = composeEmptyNode;
    exports2.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports2) {
    "use strict";
    var Document3 = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document3.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports2.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports2) {
    "use strict";
    var node_process = require("process");
    var directives = require_directives();
    var Document3 = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment2 = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment2 += (comment2 === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment: comment2, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment: comment2, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment2) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment2}` : comment2;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment2;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment2}
${cb}` : comment2;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment2}
${cb}` : comment2;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document3.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports2.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports2) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent: indent3, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent3 > 0 ? " ".repeat(indent3) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent: indent3, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent: indent3, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent: indent3, source: "\n" });
          return { type: "block-scalar", offset, indent: indent3, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent: indent3, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent: indent3, source, end };
        default:
          return { type: "scalar", offset, indent: indent3, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent3 = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent3 === "number")
        indent3 += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent3 === null,
        indent: indent3 !== null && indent3 > 0 ? " ".repeat(indent3) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent3 = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent: indent3, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent: indent3, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent: indent3, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent3 = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent: indent3, source, end });
        }
      }
    }
    exports2.createScalarToken = createScalarToken;
    exports2.resolveAsScalar = resolveAsScalar;
    exports2.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports2) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep)
        for (const st of sep)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports2.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports2) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit5(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit5.BREAK = BREAK;
    visit5.SKIP = SKIP;
    visit5.REMOVE = REMOVE;
    visit5.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit5.parentCollection = (cst, path) => {
      const parent = visit5.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports2.visit = visit5;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports2) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection4 = (token) => !!token && "items" in token;
    var isScalar7 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports2.createScalarToken = cstScalar.createScalarToken;
    exports2.resolveAsScalar = cstScalar.resolveAsScalar;
    exports2.setScalarValue = cstScalar.setScalarValue;
    exports2.stringify = cstStringify.stringify;
    exports2.visit = cstVisit.visit;
    exports2.BOM = BOM;
    exports2.DOCUMENT = DOCUMENT;
    exports2.FLOW_END = FLOW_END;
    exports2.SCALAR = SCALAR;
    exports2.isCollection = isCollection4;
    exports2.isScalar = isScalar7;
    exports2.prettyToken = prettyToken;
    exports2.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports2) {
    "use strict";
    var cst = require_cst();
    function isEmpty2(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent3 = 0;
          while (ch === " ")
            ch = this.buffer[++indent3 + offset];
          if (ch === "\r") {
            const next = this.buffer[indent3 + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent3 + 1;
          }
          return ch === "\n" || indent3 >= this.indentNext || !ch && !this.atEnd ? offset + indent3 : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty2(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty2(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty2(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty2(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent3 = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent3 = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent3 !== -1 && indent3 < this.indentNext && line[0] !== "#" || indent3 === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty2(line[3])) {
          const atFlowEndMarker = indent3 === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty2(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty2(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent3 = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent3 += 1;
              break;
            case "\n":
              nl = i2;
              indent3 = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent3 >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent3;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent3 > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty2(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty2(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty2(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty2(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports2.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports2) {
    "use strict";
    var LineCounter = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports2.LineCounter = LineCounter;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports2) {
    "use strict";
    var node_process = require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list2, type) {
      for (let i = 0; i < list2.length; ++i)
        if (list2[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list2) {
      for (let i = 0; i < list2.length; ++i) {
        switch (list2[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target2, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target2, source);
      else
        for (let i = 0; i < source.length; ++i)
          target2.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser2 = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last2 = token.items[token.items.length - 1];
            if (last2 && !last2.sep && !last2.value && last2.start.length > 0 && findNonEmptyIndex(last2.start) === -1 && (token.indent === 0 || last2.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last2.start;
              else
                top.items.push({ start: last2.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar2) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep;
          if (scalar2.end) {
            sep = scalar2.end;
            sep.push(this.sourceToken);
            delete scalar2.end;
          } else
            sep = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar2.offset,
            indent: scalar2.indent,
            items: [{ start, key: scalar2, sep }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar2);
      }
      *blockScalar(scalar2) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar2.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar2.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last2 = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last2?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep = it.sep;
                  sep.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last2 = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last2?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep = fc.end.splice(1, fc.end.length);
            sep.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent3) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent3)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports2.Parser = Parser2;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports2) {
    "use strict";
    var composer = require_composer();
    var Document3 = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse4(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent3 = Math.round(options);
        options = indent3 < 1 ? void 0 : indent3 > 8 ? { indent: 8 } : { indent: indent3 };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document3.Document(value, _replacer, options).toString(options);
    }
    exports2.parse = parse4;
    exports2.parseAllDocuments = parseAllDocuments;
    exports2.parseDocument = parseDocument2;
    exports2.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports2) {
    "use strict";
    var composer = require_composer();
    var Document3 = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar4 = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit5 = require_visit();
    exports2.Composer = composer.Composer;
    exports2.Document = Document3.Document;
    exports2.Schema = Schema.Schema;
    exports2.YAMLError = errors.YAMLError;
    exports2.YAMLParseError = errors.YAMLParseError;
    exports2.YAMLWarning = errors.YAMLWarning;
    exports2.Alias = Alias.Alias;
    exports2.isAlias = identity.isAlias;
    exports2.isCollection = identity.isCollection;
    exports2.isDocument = identity.isDocument;
    exports2.isMap = identity.isMap;
    exports2.isNode = identity.isNode;
    exports2.isPair = identity.isPair;
    exports2.isScalar = identity.isScalar;
    exports2.isSeq = identity.isSeq;
    exports2.Pair = Pair.Pair;
    exports2.Scalar = Scalar4.Scalar;
    exports2.YAMLMap = YAMLMap.YAMLMap;
    exports2.YAMLSeq = YAMLSeq.YAMLSeq;
    exports2.CST = cst;
    exports2.Lexer = lexer.Lexer;
    exports2.LineCounter = lineCounter.LineCounter;
    exports2.Parser = parser.Parser;
    exports2.parse = publicApi.parse;
    exports2.parseAllDocuments = publicApi.parseAllDocuments;
    exports2.parseDocument = publicApi.parseDocument;
    exports2.stringify = publicApi.stringify;
    exports2.visit = visit5.visit;
    exports2.visitAsync = visit5.visitAsync;
  }
});

// src/index.ts
var src_exports = {};
__export(src_exports, {
  ConfigError: () => ConfigError,
  runFilter: () => runFilter,
  sequence: () => sequence
});
module.exports = __toCommonJS(src_exports);

// src/yaml/document.ts
var import_yaml = __toESM(require_dist(), 1);
function parseDocument(text2, options = {}) {
  return (0, import_yaml.parseDocument)(text2, { logLevel: "error", ...options });
}
function parse(text2, options = {}) {
  return (0, import_yaml.parse)(text2, { logLevel: "error", ...options });
}

// src/cache.ts
var BoundedCache = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  known = /* @__PURE__ */ new Map();
  /** The answer for `key`, made by `make` the first time it is asked for. */
  get(key, make) {
    const known2 = this.known.get(key);
    if (known2 !== void 0 || this.known.has(key)) return known2;
    const value = make();
    if (this.known.size >= this.limit) this.known.clear();
    this.known.set(key, value);
    return value;
  }
};

// src/workloads/glob.ts
var GlobError = class extends Error {
  constructor(glob, reason) {
    super(`bad glob '${glob}': ${reason}`);
    this.glob = glob;
    this.name = "GlobError";
  }
  glob;
};
var regexSpecial = /[\\^$.*+?()[\]{}|/-]/;
function escapeChar(c) {
  return regexSpecial.test(c) ? `\\${c}` : c;
}
function compileGlob(glob) {
  if (glob === "") throw new GlobError(glob, "it is empty; use * to match anything");
  const tokens = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") {
      if (!tokens.at(-1)?.star) tokens.push({ star: true });
    } else if (c === "?") tokens.push({ star: false, test: () => true, source: "." });
    else if (c === "\\") {
      if (i + 1 === glob.length) throw new GlobError(glob, "it ends with a lone \\");
      const lit = glob[++i];
      tokens.push({ star: false, test: (x) => x === lit, source: escapeChar(lit) });
    } else if (c === "[") {
      const { source, end } = compileClass(glob, i);
      const re = new RegExp(`^${source}$`, "s");
      tokens.push({ star: false, test: (x) => re.test(x), source });
      i = end;
    } else tokens.push({ star: false, test: (x) => x === c, source: escapeChar(c) });
  }
  return tokens;
}
var globSteps = { count: 0 };
function matchTokens(tokens, s) {
  let t = 0;
  let i = 0;
  let starT = -1;
  let starI = 0;
  while (i < s.length) {
    globSteps.count++;
    const tok = tokens[t];
    if (tok && !tok.star && tok.test(s[i])) {
      t++;
      i++;
    } else if (tok?.star) {
      starT = t++;
      starI = i;
    } else if (starT >= 0) {
      t = starT + 1;
      i = ++starI;
    } else return false;
  }
  while (tokens[t]?.star) t++;
  return t === tokens.length;
}
function compileClass(glob, start) {
  let i = start + 1;
  const negate = glob[i] === "!" || glob[i] === "^";
  if (negate) i++;
  let body = "";
  for (let first = true; ; first = false) {
    if (i >= glob.length) {
      throw new GlobError(glob, `the [ at position ${start + 1} is never closed; add ] or write \\[ for a literal [`);
    }
    let c = glob[i];
    if (c === "]" && !first) break;
    if (c === "\\" && i + 1 < glob.length) c = glob[++i];
    if (glob[i + 1] === "-" && i + 2 < glob.length && glob[i + 2] !== "]") {
      let hi = glob[i + 2];
      let next = i + 3;
      if (hi === "\\" && i + 3 < glob.length) {
        hi = glob[i + 3];
        next = i + 4;
      }
      if (hi < c) throw new GlobError(glob, `the range ${c}-${hi} is reversed; write ${hi}-${c}`);
      body += `${escapeChar(c)}-${escapeChar(hi)}`;
      i = next;
    } else {
      body += escapeChar(c);
      i++;
    }
  }
  return { source: `[${negate ? "^" : ""}${body}]`, end: i };
}
function validateGlob(glob) {
  try {
    compileGlob(glob);
    return void 0;
  } catch (e) {
    if (e instanceof GlobError) return e.message;
    throw e;
  }
}
function starParts(glob) {
  return /[?[\\]/.test(glob) ? void 0 : glob.split("*");
}
function matchParts(parts, s) {
  const first = parts[0];
  if (parts.length === 1) return s === first;
  const last2 = parts[parts.length - 1];
  if (s.length < first.length + last2.length || !s.startsWith(first) || !s.endsWith(last2)) return false;
  const stop = s.length - last2.length;
  let at = first.length;
  for (let k = 1; k < parts.length - 1; k++) {
    const part = parts[k];
    const j = s.indexOf(part, at);
    if (j < 0 || j + part.length > stop) return false;
    at = j + part.length;
  }
  return true;
}
var compiled = new BoundedCache(256);
function matchGlob(glob, s) {
  return globMatcher(glob)(s);
}
function globMatcher(glob) {
  return compiled.get(glob, () => {
    const tokens = compileGlob(glob);
    const parts = starParts(glob);
    return parts ? (s) => matchParts(parts, s) : (s) => matchTokens(tokens, s);
  });
}

// src/workloads/paths.ts
var FIELD = /^[A-Za-z0-9_-]+$/;
function pathProblem(pattern) {
  if (pattern.trim() !== pattern) return "it has spaces around it; write the path alone, for example spec.template";
  if (pattern === "") return "the path is empty; write the path from the object root to its pod template, for example spec.template";
  if (pattern.includes("/")) return `it uses '/'; join field names with dots: ${pattern.replaceAll("/", ".")}`;
  const parts = pattern.split(".");
  for (const [i, part] of parts.entries()) {
    const step = `step ${i + 1}`;
    if (part === "") return `${step} is empty (two dots, or a dot at an end); join field names with single dots, for example spec.template`;
    if (/\[\d+\]/.test(part)) {
      return `${step} '${part}' picks one list item by its index; write '${part.replace(/\[\d+\]/g, "[]")}' to take every item (a template found in any item is sequenced)`;
    }
    if (part === "[]" || part === "[*]") return `${step} is '[]' alone; put it right after the list's field name, for example spec.tasks[].template`;
    const name = part.replace(/\[\*?\]$/, "");
    if (name === "*") {
      if (part !== "*") return `${step} '${part}': '*' already takes every value of a map; write '*' alone`;
      continue;
    }
    if (name.includes("*"))
      return `${step} '${part}': '*' stands alone for every value of a map (no partial names), for example spec.pytorchReplicaSpecs.*.template`;
    if (!FIELD.test(name)) {
      return `${step} '${part}' is not a field name: use letters, digits, '_' and '-', '[]' right after a list's name, and '*' for every value of a map`;
    }
  }
  return void 0;
}
function normalPattern(pattern) {
  return pattern.replaceAll("[*]", "[]");
}
function parsePattern(pattern) {
  if (pattern === "") return [];
  return pattern.split(".").flatMap((part) => {
    if (part === "*") return [{ each: "value" }];
    const list2 = /^(.*)\[\*?\]$/.exec(part);
    if (list2) return [{ field: list2[1] }, { each: "item" }];
    return [{ field: part }];
  });
}
function expand(obj, steps2) {
  const fixed = fieldPath(steps2);
  if (fixed) return has(obj, fixed) ? [fixed] : [];
  const out = [];
  const walk = (v, i, at) => {
    if (i === steps2.length) return void out.push(at);
    const step = steps2[i];
    if ("field" in step) {
      if (isMap(v) && Object.hasOwn(v, step.field)) walk(v[step.field], i + 1, [...at, step.field]);
    } else if (step.each === "item") {
      if (Array.isArray(v)) v.forEach((x, k) => walk(x, i + 1, [...at, k]));
    } else if (isMap(v)) for (const k of Object.keys(v)) walk(v[k], i + 1, [...at, k]);
  };
  walk(obj, 0, []);
  return out;
}
var FIELD_PATHS = /* @__PURE__ */ new WeakMap();
function fieldPath(steps2) {
  let path = FIELD_PATHS.get(steps2);
  if (path === void 0) {
    path = steps2.every((s) => "field" in s) ? steps2.map((s) => s.field) : null;
    FIELD_PATHS.set(steps2, path);
  }
  return path ?? void 0;
}
function has(obj, path) {
  let v = obj;
  for (let i = 0; i < path.length; i++) {
    const field = path[i];
    if (typeof v !== "object" || v === null || Array.isArray(v) || !Object.hasOwn(v, field)) return false;
    v = v[field];
  }
  return true;
}
function formatPath(path) {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else if (FIELD.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out;
}
function isMap(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

// src/profiles/cloud-sql-proxy.ts
var REPO = "GoogleCloudPlatform/cloud-sql-proxy";
var TAG = `${REPO}@v2.25.3:`;
var ROOT = "cmd/root.go";
var cloudSqlProxy = {
  name: "cloud-sql-proxy",
  description: "Cloud SQL Auth Proxy (v2; v1 gce-proxy is ordered only)",
  releases: { oldest: "1.33.0", newest: "2.25.3", scheme: "x.y.z from the image tag: cloud-sql-proxy (v2), gce-proxy (v1)" },
  timeoutSeconds: 120,
  images: [
    {
      value: { image: "*/cloud-sql-proxy", tag: "^v?(\\d+\\.\\d+(?:\\.\\d+)?)" },
      since: "2.0.0",
      source: `${TAG}README.md`,
      quote: "gcr.io/cloud-sql-connectors/cloud-sql-proxy"
    },
    {
      value: { image: "*/gce-proxy", tag: "^v?(\\d+\\.\\d+(?:\\.\\d+)?)" },
      until: "2.0.0",
      source: `${REPO}@v1.33.0:README.md`,
      quote: "gcr.io/cloudsql-docker/gce-proxy"
    }
  ],
  containerName: [
    {
      value: "cloud-sql-proxy",
      source: `${TAG}examples/k8s-sidecar/job_with_sidecar.yaml`,
      quote: "name: cloud-sql-proxy",
      also: [{ source: `${REPO}@v1.33.0:examples/k8s-health-check/proxy_with_http_health_check.yaml`, quote: "- name: cloud-sql-proxy" }]
    }
  ],
  readiness: [{ value: { http: "http://127.0.0.1:9090/startup" }, since: "2.0.0", source: TAG + ROOT, quote: 'mux.HandleFunc("/startup", hc.HandleStartup)' }],
  // The health endpoints exist only with --health-check and listen on localhost unless told
  // otherwise; the kubelet's startupProbe comes from outside the pod's loopback.
  readinessArgs: [{ value: ["--health-check"], since: "2.0.0", source: TAG + ROOT, quote: '"health-check", false' }],
  probeArgs: [
    {
      value: ["--http-address=0.0.0.0"],
      since: "2.0.0",
      source: TAG + ROOT,
      quote: 'httpAddressFlag, "localhost"',
      also: [{ source: `${REPO}@v2.0.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.HTTPAddress, "http-address", "localhost",' }]
    }
  ],
  // The health endpoints' address: "localhost" unless the flag or its env form (viper,
  // CSQL_PROXY_ + the flag's name, cmd/root.go) says otherwise. One the user set to loopback is
  // kept: no native startupProbe then (src/pod/ports.ts, loopbackListener).
  listenAddress: [
    {
      value: { flag: "--http-address", env: "CSQL_PROXY_HTTP_ADDRESS", default: "localhost" },
      since: "2.0.0",
      source: TAG + ROOT,
      quote: 'globalFlags.StringVar(&c.conf.HTTPAddress, httpAddressFlag, "localhost",',
      also: [{ source: `${REPO}@v2.0.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.HTTPAddress, "http-address", "localhost",' }]
    }
  ],
  // It polls the same /startup endpoint, so it also needs --health-check. The image is distroless
  // with the binary at /, which is not on PATH.
  waitCommand: [
    { value: ["/cloud-sql-proxy", "wait"], since: "2.8.0", source: `${REPO}@v2.8.0:${ROOT}`, quote: 'Use:  "wait"', absentAt: `${REPO}@v2.7.0:${ROOT}` }
  ],
  waitBudget: [{ value: { flag: "--max", unit: "duration" }, since: "2.8.0", source: TAG + ROOT, quote: 'waitMaxFlag     = "max"' }],
  // Admin port 9091, not the health port.
  shutdown: [
    {
      value: { http: "http://127.0.0.1:9091/quitquitquit", method: "POST" },
      since: "2.1.0",
      source: TAG + ROOT,
      quote: 'm.HandleFunc("/quitquitquit"',
      absentAt: `${REPO}@v2.0.0:${ROOT}`
    }
  ],
  shutdownSwitch: [
    { value: { args: ["--quitquitquit", "--health-check"] }, since: "2.1.0", until: "2.6.0", source: `${REPO}@v2.1.0:${ROOT}`, quote: '"quitquitquit", false' },
    {
      value: { args: ["--quitquitquit", "--health-check", "--exit-zero-on-sigterm"] },
      since: "2.6.0",
      source: TAG + ROOT,
      quote: '"exit-zero-on-sigterm", false',
      absentAt: `${REPO}@v2.5.0:${ROOT}`
    }
  ],
  // A port set by a flag or its env form (CSQL_PROXY_ + the flag's name) is the port.
  ports: [
    {
      value: { url: "readiness", flag: "--http-port", env: "CSQL_PROXY_HTTP_PORT", default: "9090" },
      since: "2.0.0",
      source: TAG + ROOT,
      quote: 'httpPortFlag, "9090"',
      also: [{ source: `${REPO}@v2.0.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.HTTPPort, "http-port", "9090",' }]
    },
    {
      value: { url: "shutdown", flag: "--admin-port", env: "CSQL_PROXY_ADMIN_PORT", default: "9091" },
      since: "2.1.0",
      source: TAG + ROOT,
      quote: 'adminPortFlag, "9091"',
      also: [{ source: `${REPO}@v2.1.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.AdminPort, "admin-port", "9091",' }]
    }
  ]
};

// src/profiles/consul.ts
var TAG2 = "hashicorp/consul-k8s@v2.0.3:";
var ANNOTATIONS = "control-plane/connect-inject/constants/annotations_and_labels.go";
var CONSTANTS = "control-plane/connect-inject/constants/constants.go";
var SIDECAR = "control-plane/connect-inject/webhook/consul_dataplane_sidecar.go";
var WEBHOOK = "control-plane/connect-inject/webhook/mesh_webhook.go";
var INIT = "control-plane/connect-inject/webhook/container_init.go";
var VALUES = "charts/consul/values.yaml";
var consul = {
  name: "consul",
  description: "Consul dataplane (consul-k8s connect injector)",
  releases: { oldest: "1.2.1", newest: "2.0.3", scheme: "x.y.z, the consul-k8s release; its chart pins the consul-dataplane image of the same number" },
  timeoutSeconds: 120,
  images: [{ value: { image: "*/consul-dataplane", tag: "^v?(\\d+\\.\\d+\\.\\d+)" }, source: TAG2 + VALUES, quote: "hashicorp/consul-dataplane:" }],
  containerName: [{ value: "consul-dataplane", source: TAG2 + WEBHOOK, quote: 'sidecarContainer = "consul-dataplane"' }],
  // Envoy's admin listener, which consul-dataplane binds on the pod's loopback (port 19000, one up
  // per extra service of a multi-port pod); Envoy answers GET /ready with 200 once LIVE.
  readiness: [
    {
      value: { http: "http://127.0.0.1:19000/ready" },
      source: TAG2 + SIDECAR,
      quote: 'fmt.Sprintf("-envoy-admin-bind-port=%d", 19000+mpi.serviceIndex)',
      also: [{ source: TAG2 + SIDECAR, quote: '"-envoy-admin-bind-address=" + envoyAdminBindAddress,' }]
    }
  ],
  // The app ends the dataplane by POST /graceful_shutdown on the graceful port (the project's own
  // Job test: acceptance/tests/connect/connect_proxy_lifecycle_test.go,
  // TestConnectInject_ProxyLifecycleShutdownJob); the listener is on the loopback (-graceful-addr).
  shutdown: [
    {
      value: { http: "http://127.0.0.1:20600/graceful_shutdown", method: "POST" },
      since: "1.2.1",
      source: TAG2 + CONSTANTS,
      quote: 'DefaultGracefulShutdownPath = "/graceful_shutdown"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${CONSTANTS}`,
      also: [
        { source: TAG2 + CONSTANTS, quote: "DefaultGracefulPort = 20600" },
        { source: TAG2 + SIDECAR, quote: '"-graceful-addr=" + consulDPBindAddress,' },
        {
          source: "hashicorp/consul-k8s@v2.0.3:acceptance/tests/connect/connect_proxy_lifecycle_test.go",
          quote: '"-XPOST", "http://localhost:20600/graceful_shutdown"'
        }
      ]
    }
  ],
  // Lifecycle is on by default in the chart (connectInject.sidecarProxy.lifecycle.defaultEnabled),
  // which an operator may turn off; the pod's annotation wins over that default.
  shutdownSwitch: [
    {
      value: { annotations: { "consul.hashicorp.com/enable-sidecar-proxy-lifecycle": "true" } },
      since: "1.2.1",
      source: `${TAG2}control-plane/connect-inject/lifecycle/lifecycle_configuration.go`,
      quote: 'if raw, ok := pod.Annotations[constants.AnnotationEnableSidecarProxyLifecycle]; ok && raw != "" {',
      absentAt: "hashicorp/consul-k8s@v1.2.0:control-plane/connect-inject/lifecycle/lifecycle_configuration.go",
      also: [{ source: TAG2 + VALUES, quote: "defaultEnabled: true" }]
    }
  ],
  // The injector passes each port to consul-dataplane as a flag: the graceful port always (from
  // the annotation, else 20600), Envoy's admin port only in a multi-port pod (19000 + the index).
  ports: [
    {
      value: { url: "shutdown", flag: "-graceful-port", annotation: "consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-port", default: "20600" },
      since: "1.2.1",
      source: TAG2 + ANNOTATIONS,
      quote: 'AnnotationSidecarProxyLifecycleGracefulPort                 = "consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-port"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${ANNOTATIONS}`,
      also: [{ source: TAG2 + SIDECAR, quote: 'args = append(args, fmt.Sprintf("-graceful-port=%d", gracefulPort))' }]
    },
    {
      value: { url: "readiness", flag: "-envoy-admin-bind-port", default: "19000" },
      source: TAG2 + SIDECAR,
      quote: 'fmt.Sprintf("-envoy-admin-bind-port=%d", 19000+mpi.serviceIndex)'
    }
  ],
  // The quit path an annotation may move (lifecycle_configuration.go GracefulShutdownPath: the
  // annotation when set and not empty, else the default; passed as -graceful-shutdown-path).
  paths: [
    {
      value: {
        url: "shutdown",
        flag: "-graceful-shutdown-path",
        annotation: "consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-shutdown-path",
        default: "/graceful_shutdown"
      },
      since: "1.2.1",
      source: TAG2 + ANNOTATIONS,
      quote: 'AnnotationSidecarProxyLifecycleGracefulShutdownPath         = "consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-shutdown-path"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${ANNOTATIONS}`,
      also: [
        {
          source: `${TAG2}control-plane/connect-inject/lifecycle/lifecycle_configuration.go`,
          quote: 'if raw, ok := pod.Annotations[constants.AnnotationSidecarProxyLifecycleGracefulShutdownPath]; ok && raw != "" {'
        },
        { source: TAG2 + SIDECAR, quote: 'args = append(args, fmt.Sprintf("-graceful-shutdown-path=%s", gracefulShutdownPath))' }
      ]
    }
  ],
  // A multi-port pod (connect-service lists two or more services, split at "," as written) gets a
  // dataplane per service, consul-dataplane-<service>, its Envoy admin and graceful ports up by the
  // service's index.
  perService: [
    {
      value: { annotation: "consul.hashicorp.com/connect-service", separator: "," },
      source: TAG2 + WEBHOOK,
      quote: 'annotatedSvcNames = strings.Split(anno, ",")',
      also: [
        { source: TAG2 + ANNOTATIONS, quote: 'AnnotationService = "consul.hashicorp.com/connect-service"' },
        { source: TAG2 + SIDECAR, quote: 'containerName = fmt.Sprintf("%s-%s", sidecarContainer, mpi.serviceName)' },
        { source: TAG2 + SIDECAR, quote: "gracefulPort = gracefulPort + mpi.serviceIndex" },
        { source: TAG2 + SIDECAR, quote: 'fmt.Sprintf("-envoy-admin-bind-port=%d", 19000+mpi.serviceIndex)' }
      ]
    }
  ],
  setupInit: [{ value: "consul-connect-inject-init", source: TAG2 + INIT, quote: 'injectInitContainerName      = "consul-connect-inject-init"' }],
  proxyUid: [{ value: 5995, source: TAG2 + INIT, quote: "sidecarUserAndGroupID        = 5995" }],
  // The injector makes consul-dataplane an init container with restartPolicy Always and an exec
  // startupProbe (`consul-dataplane -check-proxy-health`), after the pod's own init containers;
  // off by default (values.yaml dataplaneAsSidecarInitContainer.defaultEnabled: false).
  nativeKeys: [
    {
      value: "consul.hashicorp.com/enable-consul-dataplane-as-sidecar",
      since: "1.9.0",
      source: `hashicorp/consul-k8s@v1.9.0:${ANNOTATIONS}`,
      quote: 'AnnotationEnableConsulDataplaneAsSidecar       = "consul.hashicorp.com/enable-consul-dataplane-as-sidecar"',
      absentAt: `hashicorp/consul-k8s@v1.8.0:${ANNOTATIONS}`,
      also: [
        { source: TAG2 + SIDECAR, quote: "container.RestartPolicy = &restartPolicy" },
        { source: TAG2 + SIDECAR, quote: '"-check-proxy-health",' },
        { source: TAG2 + WEBHOOK, quote: "pod.Spec.InitContainers = append(pod.Spec.InitContainers, envoySidecar)" }
      ]
    }
  ],
  nativeNeedsRelease: true,
  // Only pods that ask (the chart's connectInject.default: false makes the injector require the
  // annotation), read with Go's strconv.ParseBool.
  injection: [
    {
      value: {
        key: "consul.hashicorp.com/connect-inject",
        at: "pod",
        in: "annotation",
        on: ["true", "1", "t", "T", "TRUE", "True"],
        off: ["false", "0", "f", "F", "FALSE", "False"]
      },
      source: TAG2 + WEBHOOK,
      quote: "if raw, ok := pod.Annotations[constants.AnnotationInject]; ok {",
      also: [
        { source: TAG2 + ANNOTATIONS, quote: 'AnnotationInject = "consul.hashicorp.com/connect-inject"' },
        { source: TAG2 + WEBHOOK, quote: "return strconv.ParseBool(raw)" },
        { source: TAG2 + VALUES, quote: "  default: false" }
      ]
    }
  ],
  switches: [
    {
      value: { name: "shutdown", key: "consul.hashicorp.com/enable-sidecar-proxy-lifecycle" },
      since: "1.2.1",
      source: TAG2 + ANNOTATIONS,
      quote: 'AnnotationEnableSidecarProxyLifecycle                       = "consul.hashicorp.com/enable-sidecar-proxy-lifecycle"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${ANNOTATIONS}`
    }
  ]
};

// src/profiles/dapr.ts
var TAG3 = "dapr/dapr@v1.18.0:";
var ANNOTATIONS2 = "pkg/injector/annotations/annotations.go";
var dapr = {
  name: "dapr",
  description: "Dapr sidecar (daprd)",
  releases: { oldest: "1.14.0", newest: "1.18.0", scheme: "x.y.z, from the daprd image tag" },
  timeoutSeconds: 120,
  images: [
    { value: { image: "*/daprd", tag: "^(\\d+\\.\\d+\\.\\d+)" }, source: `${TAG3}charts/dapr/charts/dapr_sidecar_injector/values.yaml`, quote: 'name: "daprd"' }
  ],
  containerName: [{ value: "daprd", source: `${TAG3}pkg/injector/consts/consts.go`, quote: 'SidecarContainerName           = "daprd"' }],
  // Answers 204 once the sidecar can serve outbound calls; needs no API token.
  readiness: [
    { value: { http: "http://127.0.0.1:3500/v1.0/healthz/outbound" }, source: `${TAG3}pkg/api/http/healthz.go`, quote: 'Route:   "healthz/outbound"' }
  ],
  shutdown: [
    { value: { http: "http://127.0.0.1:3500/v1.0/shutdown", method: "POST" }, source: `${TAG3}pkg/api/http/shutdown.go`, quote: 'Route:   "shutdown"' }
  ],
  // With dapr.io/api-token-secret, every call but the health checks needs the header
  // (pkg/api/http/middlewares.go reads securityConsts.APITokenHeader).
  token: [
    {
      value: { annotation: "dapr.io/api-token-secret", header: "dapr-api-token", env: "DAPR_API_TOKEN" },
      source: `${TAG3}pkg/security/consts/consts.go`,
      quote: 'APITokenHeader = "dapr-api-token"'
    }
  ],
  // The injector sets DAPR_API_TOKEN from the annotation's Secret, key "token", on daprd only
  // (sidecar_container.go, `if c.APITokenSecret != ""`); app containers get DAPR_HTTP_PORT,
  // DAPR_GRPC_PORT and APP_PROTOCOL, nothing more (sidecar_patcher.go, addDaprEnvVarsToContainers),
  // the same in every release from 1.14.0 to 1.18.0.
  tokenSecret: [
    {
      value: { key: "token", toApps: false },
      source: `${TAG3}pkg/injector/patcher/sidecar_container.go`,
      quote: 'Name: securityConsts.APITokenEnvVar,\n			ValueFrom: &corev1.EnvVarSource{\n				SecretKeyRef: &corev1.SecretKeySelector{\n					Key: "token",'
    }
  ],
  nativeKeys: [
    {
      value: "dapr.io/enable-native-sidecar",
      since: "1.18.0",
      source: TAG3 + ANNOTATIONS2,
      quote: 'KeyEnableNativeSidecar              = "dapr.io/enable-native-sidecar"',
      absentAt: `dapr/dapr@v1.17.0:${ANNOTATIONS2}`
    }
  ],
  // The native daprd gets the readiness and liveness probes of the classic one, and only a
  // restartPolicy added: no startupProbe, so it holds nothing back (the same file, `if c.EnableNativeSidecar`).
  nativeUnprobed: [
    {
      value: true,
      since: "1.18.0",
      source: `${TAG3}pkg/injector/patcher/sidecar_container.go`,
      quote: "container.RestartPolicy = &policy"
    }
  ],
  injection: [
    {
      value: { key: "dapr.io/enabled", at: "pod", in: "annotation", on: ["true"], off: ["false"] },
      source: TAG3 + ANNOTATIONS2,
      quote: 'KeyEnabled                          = "dapr.io/enabled"'
    }
  ]
};

// src/profiles/envoy.ts
var TAG4 = "envoyproxy/envoy@c8ffcdb66f01fff936943a4d91f9ba80ce461ed4:";
var ADMIN = "docs/root/operations/admin.rst";
var envoy = {
  name: "envoy",
  description: "Envoy proxy (its admin listener, if any, read from the bootstrap it loads)",
  releases: { oldest: "1.20.0", newest: "1.36.0", scheme: "x.y.z" },
  timeoutSeconds: 120,
  // The usual container name (Contour's Envoy DaemonSet names it so).
  containerName: [{ value: "envoy", source: "projectcontour/contour@v1.33.0:examples/contour/03-envoy.yaml", quote: "name: envoy" }],
  // GET /ready on the admin listener; the quit call is a POST (GET gets 400, a mutation).
  bootstrapAdmin: [
    {
      value: { pathFlags: ["-c", "--config-path"], inlineFlag: "--config-yaml", readinessPath: "/ready", shutdownPath: "/quitquitquit" },
      source: `${TAG4}docs/root/start/quick-start/admin.rst`,
      quote: "is required to enable and configure",
      also: [
        { source: TAG4 + ADMIN, quote: ".. http:get:: /ready" },
        { source: TAG4 + ADMIN, quote: ".. http:post:: /quitquitquit" },
        { source: TAG4 + ADMIN, quote: "socket_address: { address: 127.0.0.1, port_value: 9901 }" },
        { source: `${TAG4}docs/root/operations/cli.rst`, quote: ".. option:: --config-yaml" }
      ]
    }
  ],
  mayBeTheWorkload: true
};

// src/profiles/generic.ts
var generic = {
  name: "generic",
  description: "any sidecar, described entirely by the config",
  releases: { oldest: "-", newest: "-", scheme: "none" },
  timeoutSeconds: 120
};

// src/profiles/istio.ts
var TAG5 = "istio/istio@1.30.0:";
var TEMPLATE = "manifests/charts/istio-control/istio-discovery/files/injection-template.yaml";
var WEBHOOK2 = "manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml";
var istio = {
  name: "istio",
  description: "Istio proxy (Envoy + pilot-agent)",
  releases: { oldest: "1.22.0", newest: "1.30.0", scheme: "x.y.z, from the proxyv2 image tag" },
  timeoutSeconds: 120,
  images: [
    {
      value: { image: "*/proxyv2", tag: "^(\\d+\\.\\d+(?:\\.\\d+)?)" },
      source: `${TAG5}manifests/charts/istio-control/istio-discovery/values.yaml`,
      quote: "image: proxyv2"
    }
  ],
  containerName: [{ value: "istio-proxy", source: TAG5 + TEMPLATE, quote: "- name: istio-proxy" }],
  readiness: [
    {
      value: { http: "http://127.0.0.1:15021/healthz/ready" },
      source: `${TAG5}pilot/cmd/pilot-agent/app/wait.go`,
      quote: "http://localhost:15021/healthz/ready"
    }
  ],
  waitCommand: [{ value: ["pilot-agent", "wait"], source: `${TAG5}pilot/cmd/pilot-agent/app/wait.go`, quote: 'Use:   "wait"' }],
  waitBudget: [{ value: { flag: "--timeoutSeconds", unit: "seconds" }, source: `${TAG5}pilot/cmd/pilot-agent/app/wait.go`, quote: '"timeoutSeconds", 60' }],
  // POST only, and only from localhost; on the status port (15020, or the pod's annotation).
  shutdown: [
    {
      value: { http: "http://127.0.0.1:15020/quitquitquit", method: "POST" },
      source: `${TAG5}pilot/cmd/pilot-agent/status/server.go`,
      quote: '"/quitquitquit"'
    }
  ],
  ports: [
    {
      value: { url: "shutdown", annotation: "status.sidecar.istio.io/port", default: "15020" },
      since: "1.20.0",
      source: TAG5 + TEMPLATE,
      quote: "annotation .ObjectMeta `status.sidecar.istio.io/port` .Values.global.proxy.statusPort"
    }
  ],
  setupInit: [
    { value: "istio-init", source: TAG5 + TEMPLATE, quote: "- name: istio-init" },
    { value: "istio-validation", source: TAG5 + TEMPLATE, quote: "- name: istio-validation" }
  ],
  proxyUid: [{ value: 1337, source: TAG5 + TEMPLATE, quote: '.ProxyUID | default "1337"' }],
  // 1.24-1.26 act only on the exact value "true"; 1.27+ are native unless "false" (default auto).
  nativeKeys: [
    {
      value: "sidecar.istio.io/nativeSidecar",
      since: "1.24.0",
      source: `istio/istio@1.24.0:${TEMPLATE}`,
      quote: '(index .ObjectMeta.Annotations `sidecar.istio.io/nativeSidecar`) "true"',
      absentAt: `istio/istio@1.23.0:${TEMPLATE}`,
      also: [
        { source: TAG5 + TEMPLATE, quote: '(index .ObjectMeta.Annotations `sidecar.istio.io/nativeSidecar` | default (printf "%t" .NativeSidecars)) "false"' },
        // `$holdProxy := and (hold) (not $nativeSidecar)`: where this key makes the proxy native,
        // holdApplicationUntilProxyStarts decides nothing (src/sequence/mesh.ts, issue 27).
        { source: `istio/istio@1.24.0:${TEMPLATE}`, quote: "(not $nativeSidecar) }}" },
        { source: TAG5 + TEMPLATE, quote: "(not $nativeSidecar) }}" }
      ]
    }
  ],
  // From 1.27 the webhook's default is "auto": native when the pod's node (else every node) runs a
  // kubelet of 1.33 or later (webhook.go, DetectNativeSidecar). kubernetesVersion stands for the
  // kubelets here; `istioctl kube-inject`, with no cluster to ask, stays classic unless told.
  nativeByDefault: [
    {
      value: { kubernetes: "1.33" },
      since: "1.27.0",
      source: "istio/istio@1.27.0:pilot/pkg/features/pilot.go",
      quote: 'env.Register("ENABLE_NATIVE_SIDECARS", "auto",',
      absentAt: "istio/istio@1.26.0:pilot/pkg/features/pilot.go",
      also: [
        { source: "istio/istio@1.27.0:pkg/kube/inject/webhook.go", quote: "minVersion := 33" },
        { source: `${TAG5}pilot/pkg/features/pilot.go`, quote: 'env.Register("ENABLE_NATIVE_SIDECARS", "auto",' },
        { source: `${TAG5}pkg/kube/inject/webhook.go`, quote: "minVersion := 33" }
      ]
    }
  ],
  injection: [
    {
      value: { key: "sidecar.istio.io/inject", at: "pod", in: "label", on: ["true"], off: ["false"] },
      source: TAG5 + WEBHOOK2,
      quote: "key: sidecar.istio.io/inject"
    },
    {
      value: { key: "sidecar.istio.io/inject", at: "pod", in: "annotation", on: ["true"], off: ["false"], offOnly: true },
      source: `${TAG5}pkg/kube/inject/inject.go`,
      quote: "objectSelector := annos[annotation.SidecarInject.Name]"
    },
    // Ambient mode: the Istio CNI hands the pod to ztunnel (its selector below); no sidecar is injected.
    {
      value: { key: "istio.io/dataplane-mode", at: "pod", in: "label", on: [], off: ["ambient"] },
      source: `${TAG5}manifests/charts/istio-cni/values.yaml`,
      quote: "matchLabels: {istio.io/dataplane-mode: ambient}"
    },
    { value: { key: "istio.io/rev", at: "pod", in: "label", on: "*", off: [] }, source: TAG5 + WEBHOOK2, quote: "key: istio.io/rev" },
    // istio-injection wins over istio.io/rev on a Namespace, as in Istio's webhook selectors.
    {
      value: { key: "istio-injection", at: "namespace", in: "label", on: ["enabled"], off: ["disabled"] },
      source: TAG5 + WEBHOOK2,
      quote: "key: istio-injection"
    },
    {
      value: { key: "istio.io/dataplane-mode", at: "namespace", in: "label", on: [], off: ["ambient"] },
      source: `${TAG5}manifests/charts/istio-cni/values.yaml`,
      quote: "matchLabels: {istio.io/dataplane-mode: ambient}"
    },
    { value: { key: "istio.io/rev", at: "namespace", in: "label", on: "*", off: [] }, source: TAG5 + WEBHOOK2, quote: "key: istio.io/rev" }
  ],
  switches: [
    {
      value: { name: "hold", key: "proxy.istio.io/config", field: "holdApplicationUntilProxyStarts" },
      source: TAG5 + TEMPLATE,
      quote: ".ProxyConfig.HoldApplicationUntilProxyStarts.GetValue"
    }
  ]
};

// src/profiles/kuma.ts
var TAG6 = "kumahq/kuma@v2.14.0:";
var DEFAULTS = "pkg/config/app/kuma-cp/kuma-cp.defaults.yaml";
var ANNOTATIONS3 = "pkg/plugins/runtime/k8s/metadata/annotations.go";
var WAIT = "app/kuma-dp/cmd/wait.go";
var kuma = {
  name: "kuma",
  description: "Kuma data plane proxy",
  releases: { oldest: "2.4.0", newest: "2.14.0", scheme: "x.y.z, from the kuma-dp image tag" },
  timeoutSeconds: 180,
  images: [{ value: { image: "*/kuma-dp", tag: "^(\\d+\\.\\d+\\.\\d+)" }, source: `kumahq/kuma@v2.13.0:${DEFAULTS}`, quote: "image: kuma/kuma-dp:latest" }],
  containerName: [{ value: "kuma-sidecar", source: `${TAG6}pkg/plugins/runtime/k8s/util/names.go`, quote: 'KumaSidecarContainerName       = "kuma-sidecar"' }],
  // 2.14 moved the admin API to a Unix socket; readiness has its own port (factory.go, probePort).
  readiness: [
    { value: { http: "http://127.0.0.1:9901/ready" }, until: "2.14.0", source: `kumahq/kuma@v2.13.0:${DEFAULTS}`, quote: "adminPort: 9901", whenUnknown: true },
    {
      value: { http: "http://127.0.0.1:9902/ready" },
      since: "2.14.0",
      source: TAG6 + DEFAULTS,
      quote: "readinessPort: 9902",
      absentAt: `kumahq/kuma@v2.13.0:${DEFAULTS}`
    }
  ],
  waitCommand: [
    {
      value: ["kuma-dp", "wait", "--url", "http://localhost:9901/ready"],
      since: "2.4.0",
      until: "2.14.0",
      source: `kumahq/kuma@v2.13.0:${WAIT}`,
      quote: '"url", "http://localhost:9901/ready"',
      whenUnknown: true
    },
    {
      value: ["kuma-dp", "wait", "--url", "http://localhost:9902/ready"],
      since: "2.14.0",
      source: `${TAG6}pkg/plugins/runtime/k8s/containers/factory.go`,
      quote: '"kuma-dp", "wait", "--url", fmt.Sprintf("http://localhost:%d/ready", probePort)'
    }
  ],
  waitBudget: [
    {
      value: { flag: "--timeout", unit: "duration" },
      since: "2.4.0",
      source: TAG6 + WAIT,
      quote: '"timeout", 180*time.Second',
      absentAt: `kumahq/kuma@2.3.0:${WAIT}`
    }
  ],
  ports: [
    {
      value: { url: "readiness", annotation: "kuma.io/envoy-admin-port", default: "9901" },
      until: "2.14.0",
      source: `kumahq/kuma@v2.13.0:${ANNOTATIONS3}`,
      quote: '"kuma.io/envoy-admin-port"'
    }
  ],
  setupInit: [{ value: "kuma-init", source: `${TAG6}pkg/plugins/runtime/k8s/util/names.go`, quote: 'KumaInitContainerName          = "kuma-init"' }],
  proxyUid: [{ value: 5678, source: TAG6 + DEFAULTS, quote: "uid: 5678 # ENV: KUMA_RUNTIME_KUBERNETES_INJECTOR_SIDECAR_CONTAINER_UID" }],
  // The injector makes kuma-sidecar native when the control plane's experimental.sidecarContainers
  // is on and the API server is 1.29 or later (plugin.go, sidecarContainerVersion); on by default
  // from 2.14.0 (off in 2.13). No pod annotation chooses it.
  nativeByDefault: [
    {
      value: { kubernetes: "1.29" },
      since: "2.14.0",
      source: TAG6 + DEFAULTS,
      quote: "sidecarContainers: true # ENV: KUMA_EXPERIMENTAL_SIDECAR_CONTAINERS",
      absentAt: `kumahq/kuma@v2.13.0:${DEFAULTS}`,
      also: [
        { source: `${TAG6}pkg/plugins/runtime/k8s/plugin.go`, quote: 'semver.New(1, 29, 0, "", "")' },
        { source: `${TAG6}pkg/plugins/runtime/k8s/plugin.go`, quote: "sidecarContainersEnabled = rt.Config().Experimental.SidecarContainers" },
        {
          source: `${TAG6}pkg/plugins/runtime/k8s/webhooks/injector/injector.go`,
          quote: "patchedContainer.RestartPolicy = pointer.To(kube_core.ContainerRestartPolicyAlways)"
        }
      ]
    }
  ],
  injection: [
    {
      value: { key: "kuma.io/sidecar-injection", at: "pod", in: "both", on: ["enabled", "true"], off: ["disabled", "false"] },
      source: TAG6 + ANNOTATIONS3,
      quote: 'KumaSidecarInjectionAnnotation = "kuma.io/sidecar-injection"'
    },
    {
      value: { key: "kuma.io/sidecar-injection", at: "namespace", in: "both", on: ["enabled", "true"], off: ["disabled", "false"] },
      source: TAG6 + ANNOTATIONS3,
      quote: 'KumaSidecarInjectionAnnotation = "kuma.io/sidecar-injection"'
    }
  ],
  switches: [
    {
      value: { name: "waitReady", key: "kuma.io/wait-for-dataplane-ready" },
      source: TAG6 + ANNOTATIONS3,
      quote: 'KumaWaitForDataplaneReady = "kuma.io/wait-for-dataplane-ready"'
    }
  ]
};

// src/profiles/linkerd.ts
var TAG7 = "linkerd/linkerd2@version-2.20:";
var LABELS = "pkg/k8s/labels.go";
var PROXY = "charts/partials/templates/_proxy.tpl";
var VALUES2 = "charts/linkerd-control-plane/values.yaml";
var PROXY_SRC = "linkerd/linkerd2-proxy@release/v2.366.0:";
var linkerd = {
  name: "linkerd",
  description: "Linkerd proxy",
  releases: {
    oldest: "2.15",
    newest: "2.20",
    scheme: "stable minor 2.x; image tags stable-2.x.y, and edge-YY.M.N read as the minor whose facts it has (the edge rows; older edges: unknown)"
  },
  timeoutSeconds: 120,
  images: [
    { value: { image: "*/linkerd/proxy", tag: "^stable-(\\d+\\.\\d+\\.\\d+)$" }, source: TAG7 + VALUES2, quote: "name: cr.l5d.io/linkerd/proxy" },
    { value: { image: "*/linkerd/proxy", tag: "^(edge-\\d+\\.\\d+\\.\\d+)$" }, source: TAG7 + VALUES2, quote: "name: cr.l5d.io/linkerd/proxy" }
  ],
  // The open-source project ships edge releases; its version-2.N tags sit on edge commits
  // (version-2.17 on edge-24.11.8, version-2.19 on edge-25.10.7), and the facts of a minor come in
  // edges before its tag. So each row is the first edge that has a fact whose row starts at that
  // minor, and says so by the fact's own quote there (absent at the edge before): an edge reads as
  // the minor whose facts it has. test/profiles/edges.test.ts holds every `since` of this table to a row.
  edges: [
    {
      value: { edge: "edge-23.11.4", as: "2.15" },
      source: `linkerd/linkerd2@edge-23.11.4:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixAlpha + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@edge-23.11.3:${LABELS}`
    },
    {
      value: { edge: "edge-24.6.2", as: "2.16" },
      source: `linkerd/linkerd2@edge-24.6.2:${PROXY}`,
      quote: "- name: LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED",
      absentAt: `linkerd/linkerd2@edge-24.6.1:${PROXY}`
    },
    {
      value: { edge: "edge-25.10.2", as: "2.19" },
      source: `linkerd/linkerd2@edge-25.10.2:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixBeta + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@edge-25.10.1:${LABELS}`
    },
    {
      value: { edge: "edge-26.5.2", as: "2.20" },
      source: `linkerd/linkerd2@edge-26.5.2:${LABELS}`,
      quote: 'ProxyEnableNativeSidecarAnnotation = ProxyConfigAnnotationsPrefix + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@edge-26.5.1:${LABELS}`
    }
  ],
  containerName: [{ value: "linkerd-proxy", source: TAG7 + LABELS, quote: 'ProxyContainerName = "linkerd-proxy"' }],
  readiness: [{ value: { http: "http://127.0.0.1:4191/ready" }, source: TAG7 + VALUES2, quote: "admin: 4191" }],
  waitCommand: [{ value: ["/usr/lib/linkerd/linkerd-await", "--timeout=2m", "--port=4191"], source: TAG7 + PROXY, quote: "- /usr/lib/linkerd/linkerd-await" }],
  waitBudget: [{ value: { flag: "--timeout", unit: "duration" }, source: TAG7 + PROXY, quote: "- --timeout=2m" }],
  shutdown: [
    {
      value: { http: "http://127.0.0.1:4191/shutdown", method: "POST" },
      source: TAG7 + LABELS,
      quote: "LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED config",
      // The endpoint is the proxy's (linkerd2-proxy); 2.15's own notes name it, from 2.11 on.
      also: [
        { source: "linkerd/linkerd2@version-2.15:CHANGES.md", quote: "Added a new `/shutdown` admin endpoint that may only be accessed over the" },
        // The proxy answers POST /shutdown only from the pod's loopback: the wrapper, in an app
        // container of the same pod, calls 127.0.0.1 (issue 27).
        { source: `${PROXY_SRC}linkerd/app/admin/src/server.rs`, quote: "if Self::client_is_localhost(&req) {" }
      ]
    }
  ],
  // Off by default since 2.16: the injector turns it on from the annotation; a proxy already in
  // the manifest reads only its own env.
  shutdownSwitch: [
    { value: {}, since: "2.15", until: "2.16", source: `linkerd/linkerd2@version-2.15:${PROXY}`, quote: "LINKERD2_PROXY_ADMIN_LISTEN_ADDR" },
    {
      value: { annotations: { "config.linkerd.io/proxy-admin-shutdown": "enabled" }, env: { LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: "true" } },
      since: "2.16",
      source: `linkerd/linkerd2@version-2.16:${PROXY}`,
      quote: "- name: LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED",
      absentAt: `linkerd/linkerd2@version-2.15:${PROXY}`,
      // The proxy reads the env, off unless set (unwrap_or_default), and answers 404 while off:
      // a manifest's "false" is a wrapper known to fail (src/pod/switch.ts, issue 27).
      also: [
        { source: `${PROXY_SRC}linkerd/app/src/env.rs`, quote: "enable_shutdown: shutdown_endpoint_enabled?.unwrap_or_default()," },
        { source: `${PROXY_SRC}linkerd/app/admin/src/server.rs`, quote: "shutdown endpoint is not enabled" }
      ]
    }
  ],
  ports: [
    {
      value: { url: "readiness", annotation: "config.linkerd.io/admin-port", default: "4191" },
      source: TAG7 + LABELS,
      quote: 'ProxyAdminPortAnnotation = ProxyConfigAnnotationsPrefix + "/admin-port"'
    },
    {
      value: { url: "shutdown", annotation: "config.linkerd.io/admin-port", default: "4191" },
      source: TAG7 + LABELS,
      quote: 'ProxyAdminPortAnnotation = ProxyConfigAnnotationsPrefix + "/admin-port"'
    }
  ],
  setupInit: [
    { value: "linkerd-init", source: TAG7 + LABELS, quote: 'InitContainerName = "linkerd-init"' },
    { value: "linkerd-network-validator", source: `${TAG7}charts/partials/templates/_network-validator.tpl`, quote: "name: linkerd-network-validator" }
  ],
  proxyUid: [{ value: 2102, source: TAG7 + VALUES2, quote: "uid: 2102" }],
  // Newest first: the first key present on a pod decides. Every release 2.15-2.20 reads the alpha key.
  nativeKeys: [
    {
      value: "config.linkerd.io/proxy-enable-native-sidecar",
      since: "2.20",
      source: TAG7 + LABELS,
      quote: 'ProxyEnableNativeSidecarAnnotation = ProxyConfigAnnotationsPrefix + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@version-2.19:${LABELS}`
    },
    {
      value: "config.beta.linkerd.io/proxy-enable-native-sidecar",
      since: "2.19",
      source: `linkerd/linkerd2@version-2.19:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixBeta + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@version-2.18:${LABELS}`
    },
    {
      value: "config.alpha.linkerd.io/proxy-enable-native-sidecar",
      since: "2.15",
      source: `linkerd/linkerd2@version-2.15:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixAlpha + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@stable-2.14.0:${LABELS}`,
      whenUnknown: true
    }
  ],
  // The injector gives a native proxy its startupProbe only with proxy-await on.
  nativeProbeNeeds: [{ value: "await", since: "2.15", source: TAG7 + PROXY, quote: "{{- if and .Values.proxy.nativeSidecar .Values.proxy.await }}" }],
  injection: [
    {
      value: { key: "linkerd.io/inject", at: "pod", in: "annotation", on: ["enabled", "ingress"], off: ["disabled"] },
      source: TAG7 + LABELS,
      quote: 'ProxyInjectAnnotation = Prefix + "/inject"'
    },
    {
      value: { key: "linkerd.io/inject", at: "namespace", in: "annotation", on: ["enabled", "ingress"], off: ["disabled"] },
      source: TAG7 + LABELS,
      quote: 'ProxyInjectAnnotation = Prefix + "/inject"'
    }
  ],
  switches: [
    {
      value: { name: "await", key: "config.linkerd.io/proxy-await" },
      source: TAG7 + LABELS,
      quote: 'ProxyAwait = ProxyConfigAnnotationsPrefix + "/proxy-await"'
    },
    {
      value: { name: "shutdown", key: "config.linkerd.io/proxy-admin-shutdown" },
      since: "2.16",
      source: TAG7 + LABELS,
      quote: 'ProxyAdminShutdownAnnotation = ProxyConfigAnnotationsPrefix + "/proxy-admin-shutdown"'
    }
  ]
};

// src/profiles/versions.ts
function versionParts(v) {
  const m = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v);
  return m ? [m[1], m[2], m[3]].map((x) => Number(x ?? 0)) : void 0;
}
function compareVersions(a, b) {
  const [x, y] = [versionParts(a) ?? [], versionParts(b) ?? []];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
function holds(r, version) {
  return (r.since === void 0 || compareVersions(version, r.since) >= 0) && (r.until === void 0 || compareVersions(version, r.until) < 0);
}
function factAt(rows, version) {
  if (!rows) return void 0;
  if (version === void 0) return rows.find((r) => r.whenUnknown) ?? rows.find((r) => r.until === void 0);
  return rows.find((r) => holds(r, version));
}
function factsAt(rows, version) {
  if (!rows) return [];
  return version === void 0 ? [...rows] : rows.filter((r) => holds(r, version));
}

// src/profiles/vault.ts
var TAG8 = "hashicorp/vault-k8s@v1.7.0:";
var ANNOTATIONS4 = "agent-inject/agent/annotations.go";
var vault = {
  name: "vault",
  description: "Vault agent",
  releases: { oldest: "1.4.0", newest: "1.7.0", scheme: "vault-k8s (the injector) x.y.z; the agent image tag is the Vault release" },
  timeoutSeconds: 120,
  containerName: [{ value: "vault-agent", source: `${TAG8}agent-inject/agent/container_sidecar.go`, quote: 'Name:         "vault-agent"' }],
  shutdown: [
    {
      value: { http: "http://127.0.0.1:8200/agent/v1/quit", method: "POST" },
      source: TAG8 + ANNOTATIONS4,
      quote: 'AnnotationAgentEnableQuit = "vault.hashicorp.com/agent-enable-quit"'
    }
  ],
  shutdownSwitch: [
    {
      value: { annotations: { "vault.hashicorp.com/agent-enable-quit": "true" } },
      source: TAG8 + ANNOTATIONS4,
      quote: 'AnnotationAgentEnableQuit = "vault.hashicorp.com/agent-enable-quit"'
    }
  ],
  // The injector gives the agent sidecar no readiness or startup probe, only a preStop hook, so
  // nothing holds the app until the agent listens: a quit call from an app that ended first can
  // find no listener yet, and is retried.
  shutdownRetry: [{ value: true, source: `${TAG8}agent-inject/agent/container_sidecar.go`, quote: "func (a *Agent) createLifecycle() corev1.Lifecycle" }],
  ports: [
    {
      value: { url: "shutdown", annotation: "vault.hashicorp.com/agent-cache-listener-port", default: "8200" },
      source: TAG8 + ANNOTATIONS4,
      quote: 'AnnotationAgentCacheListenerPort = "vault.hashicorp.com/agent-cache-listener-port"'
    }
  ],
  setupInit: [{ value: "vault-agent-init", source: `${TAG8}agent-inject/agent/container_init_sidecar.go`, quote: 'Name:         "vault-agent-init"' }],
  injection: [
    {
      value: { key: "vault.hashicorp.com/agent-inject", at: "pod", in: "annotation", on: ["true"], off: ["false"] },
      source: TAG8 + ANNOTATIONS4,
      quote: 'AnnotationAgentInject = "vault.hashicorp.com/agent-inject"'
    }
  ],
  switches: [
    {
      value: { name: "prePopulateOnly", key: "vault.hashicorp.com/agent-pre-populate-only" },
      source: TAG8 + ANNOTATIONS4,
      quote: 'AnnotationAgentPrePopulateOnly = "vault.hashicorp.com/agent-pre-populate-only"'
    },
    {
      value: { name: "quit", key: "vault.hashicorp.com/agent-enable-quit" },
      source: TAG8 + ANNOTATIONS4,
      quote: 'AnnotationAgentEnableQuit = "vault.hashicorp.com/agent-enable-quit"'
    }
  ]
};

// src/profiles/index.ts
var TABLES = [istio, linkerd, envoy, cloudSqlProxy, dapr, vault, kuma, consul, generic];
function tableOf(name) {
  return TABLES.find((t) => t.name === name);
}
function asRelease(name, version) {
  if (!version.startsWith("edge-")) return version;
  const rows = tableOf(name).edges ?? [];
  return rows.filter((r) => compareVersions(version, r.value.edge) >= 0).at(-1)?.value.as;
}
var clone = (v) => v === void 0 ? v : structuredClone(v);
var computed = /* @__PURE__ */ new Map();
function profileAt(name, version) {
  const key = `${name}@${version ?? ""}`;
  let p = computed.get(key);
  if (p === void 0) computed.set(key, p = deepFreeze(makeProfile(name, version)));
  return p;
}
function deepFreeze(v) {
  if (v !== null && typeof v === "object" && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}
function makeProfile(name, version) {
  const t = tableOf(name);
  const one = (rows) => clone(factAt(rows, version)?.value);
  const p = {
    name,
    version,
    description: t.description,
    timeoutSeconds: t.timeoutSeconds,
    containerName: one(t.containerName),
    readiness: one(t.readiness),
    readinessArgs: one(t.readinessArgs),
    probeArgs: one(t.probeArgs),
    listenAddress: one(t.listenAddress),
    bootstrapAdmin: one(t.bootstrapAdmin),
    waitCommand: one(t.waitCommand),
    waitBudget: one(t.waitBudget),
    shutdown: one(t.shutdown),
    shutdownSwitch: one(t.shutdownSwitch),
    shutdownRetry: one(t.shutdownRetry),
    token: tokenAt(t, version),
    ports: factsAt(t.ports, version).map((r) => clone(r.value)),
    paths: factsAt(t.paths, version).map((r) => clone(r.value)),
    perService: one(t.perService),
    initAfter: (t.setupInit ?? []).map((r) => r.value),
    proxyUid: one(t.proxyUid),
    nativeKeys: factsAt(t.nativeKeys, version).map((r) => r.value),
    // Only for a known release: with none, the conservative path (a classic sidecar).
    nativeByDefault: version === void 0 ? void 0 : one(t.nativeByDefault),
    mayBeTheWorkload: t.mayBeTheWorkload
  };
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== void 0));
}
function tokenAt(t, version) {
  const header = factAt(t.token, version)?.value;
  const secret = factAt(t.tokenSecret, version)?.value;
  return header && secret ? { ...header, secretKey: secret.key, toApps: secret.toApps } : void 0;
}
var profiles = Object.fromEntries(TABLES.map((t) => [t.name, profileAt(t.name)]));
var profileNames = TABLES.map((t) => t.name);

// src/config/values.ts
var dnsLabel = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/i;
var ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
function isDnsName(name) {
  const n = name.endsWith(".") ? name.slice(0, -1) : name;
  return n.length > 0 && n.length <= 253 && n.split(".").every((label) => dnsLabel.test(label));
}
function checkDnsName(name) {
  if (isDnsName(name)) return void 0;
  return `'${name}' is not a DNS name; use labels of letters, digits and - separated by dots, for example db.prod.svc.cluster.local`;
}
function checkHttpUrl(url) {
  let parsed2;
  try {
    parsed2 = new URL(url);
  } catch {
    return `'${url}' is not a URL; use http://host[:port]/path or https://...`;
  }
  if (parsed2.protocol !== "http:" && parsed2.protocol !== "https:") {
    return `'${url}' is not accepted: use an http:// or https:// URL`;
  }
  if (!parsed2.hostname) return `'${url}' has no host; use http://host[:port]/path`;
  if (/[\s\x00-\x1f\x7f]/.test(url)) return `'${JSON.stringify(url).slice(1, -1)}' contains whitespace or control characters; percent-encode them (%20)`;
  if (!/^([a-z0-9._-]+|\[[0-9a-f:.]+\])$/i.test(parsed2.hostname)) return `'${parsed2.hostname}' is not a host name or IP address; use http://host[:port]/path`;
  return void 0;
}
function splitHostPort(value) {
  const m = /^\[([0-9A-Fa-f:.]+)\]:(\d+)$/.exec(value) ?? /^([^:[\]/\s]+):(\d+)$/.exec(value);
  return m ? { host: m[1], port: m[2] } : void 0;
}
function checkHostPort(value) {
  const hp = splitHostPort(value);
  if (!hp) return `'${value}' is not accepted; use host:port, for example db.prod.svc.cluster.local:5432 or [::1]:5432`;
  const port = Number(hp.port);
  if (port < 1 || port > 65535) return `port ${hp.port} is out of range; use 1-65535`;
  if (!value.startsWith("[") && !ipv4.test(hp.host) && !isDnsName(hp.host)) {
    return `'${hp.host}' is not a host name or IPv4 address; use host:port`;
  }
  return void 0;
}

// src/config/dependencies.ts
var dependencyDefaults = { timeoutSeconds: 300, periodSeconds: 2 };
var maxNameLength = 63 - "seq-wait-".length;
function dependencyHost(dep) {
  if (dep.http !== void 0) {
    try {
      return new URL(dep.http).hostname;
    } catch {
      return "";
    }
  }
  if (dep.tcp !== void 0) return splitHostPort(dep.tcp)?.host ?? "";
  return dep.dns ?? "";
}
function dependencyName(host, taken) {
  const isIp = /^[\d.]+$/.test(host) || host.includes(":");
  const base2 = (isIp ? host : host.split(".")[0]).toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "dependency";
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const name = base2.slice(0, maxNameLength - suffix.length).replace(/-+$/, "") + suffix;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}
var urlForms = "http://..., https://..., tcp://host:port or dns://name";
function parseDependencyUrl(url) {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1].toLowerCase();
  if (scheme === "http" || scheme === "https") return checkHttpUrl(url) ?? { http: url };
  const rest = url.slice((scheme?.length ?? 0) + 3);
  const inUrl = (problem) => problem && `in '${url}': ${problem}`;
  if (scheme === "tcp") return inUrl(checkHostPort(rest)) ?? { tcp: rest };
  if (scheme === "dns") return inUrl(checkDnsName(rest)) ?? { dns: rest };
  return `'${url}' is not accepted; write ${urlForms}`;
}
function parseDependencyList(list2, taken = /* @__PURE__ */ new Set()) {
  const dependencies = [];
  const problems = [];
  for (const url of list2.split(",").map((s) => s.trim()).filter(Boolean)) {
    const parsed2 = parseDependencyUrl(url);
    if (typeof parsed2 === "string") problems.push(parsed2);
    else dependencies.push({ name: dependencyName(dependencyHost(parsed2), taken), ...parsed2, ...dependencyDefaults });
  }
  return { dependencies, problems };
}

// src/config/spec.ts
var apiVersion = "fn.pod-sequencer.dev/v1alpha1";
var kind = "PodSequence";
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function joinPath(path, key) {
  if (typeof key === "number") return `${path}[${key}]`;
  const part = /^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key);
  if (part.startsWith('"')) return `${path}[${part}]`;
  return path ? `${path}.${part}` : part;
}
function minorOf(version) {
  const m = typeof version === "string" ? /^1\.(\d+)$/.exec(version) : null;
  return m ? Number(m[1]) : void 0;
}
function linkerdMinorOf(version) {
  const m = typeof version === "string" ? /^(?:[a-z]+-)?2\.(\d+)(?:\.\d+)?$/i.exec(version.trim()) : null;
  return m ? Number(m[1]) : void 0;
}
var nativeSidecarMinor = 29;
var assumedKubernetesVersion = `1.${nativeSidecarMinor}`;

// src/config/resolve.ts
var defaultToolsImage = "busybox:1.37.0-musl";
var defaultResources = { requests: { cpu: "10m", memory: "16Mi" }, limits: { memory: "32Mi" } };
function defined(o) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== void 0));
}
var clone2 = (v) => v === void 0 ? v : structuredClone(v);
function mergeSidecar(s, index) {
  const profile = profiles[s.profile ?? "generic"];
  const ownReadiness = s.readiness !== void 0 && JSON.stringify(s.readiness) !== JSON.stringify(profile.readiness);
  const shutdown = s.shutdown ?? profile.shutdown;
  return defined({
    profile: profile.name,
    name: s.name ?? (s.image === void 0 ? profile.containerName : void 0),
    image: s.image,
    strategy: s.strategy ?? "auto",
    readiness: clone2(s.readiness ?? profile.readiness),
    waitCommand: clone2(s.waitCommand ?? (ownReadiness ? void 0 : profile.waitCommand)),
    shutdown: shutdown?.http !== void 0 ? { ...shutdown, method: shutdown.method ?? "POST" } : clone2(shutdown),
    timeoutSeconds: s.timeoutSeconds ?? profile.timeoutSeconds,
    onTimeout: s.onTimeout ?? "fail",
    index
  });
}
function defaultSidecars() {
  return profileNames.filter((name) => profiles[name].containerName).map((name) => mergeSidecar({ profile: name }, -1));
}
function defaultConfig() {
  return resolve({});
}
function resolveDependencies(deps = []) {
  const taken = new Set(deps.flatMap((d) => d.name ? [d.name] : []));
  return deps.map(
    (d) => defined({
      name: d.name ?? dependencyName(dependencyHost(d), taken),
      http: d.http,
      tcp: d.tcp,
      dns: d.dns,
      timeoutSeconds: d.timeoutSeconds ?? dependencyDefaults.timeoutSeconds,
      periodSeconds: d.periodSeconds ?? dependencyDefaults.periodSeconds,
      selector: clone2(d.selector)
    })
  );
}
function mergeQuantities(base2, over = {}) {
  return { ...base2, ...Object.fromEntries(Object.entries(over).map(([k, v]) => [k, String(v)])) };
}
function resolveResources(r = {}) {
  return {
    requests: mergeQuantities(defaultResources.requests, r.requests),
    limits: mergeQuantities(defaultResources.limits, r.limits)
  };
}
var meshDefaults = {
  istio: { hold: true, native: "auto" },
  linkerd: { await: true, native: "auto", shutdown: true },
  kuma: { waitReady: true },
  dapr: { native: false, shutdown: true },
  vault: { prePopulateOnly: false, quit: true },
  consul: { native: "auto", shutdown: true }
};
function resolveMesh(mesh = {}) {
  return defined({
    istio: mesh.istio && { ...meshDefaults.istio, ...mesh.istio },
    linkerd: mesh.linkerd && { ...meshDefaults.linkerd, ...mesh.linkerd },
    kuma: mesh.kuma && { ...meshDefaults.kuma, ...mesh.kuma },
    dapr: mesh.dapr && { ...meshDefaults.dapr, ...mesh.dapr },
    vault: mesh.vault && { ...meshDefaults.vault, ...mesh.vault },
    consul: mesh.consul && { ...meshDefaults.consul, ...mesh.consul }
  });
}
function resolve(spec) {
  return defined({
    mode: spec.mode ?? "apply",
    kubernetesVersion: spec.kubernetesVersion ?? assumedKubernetesVersion,
    kubernetesVersionAssumed: spec.kubernetesVersion === void 0 ? assumedKubernetesVersion : void 0,
    selector: clone2(spec.selector),
    exclude: clone2(spec.exclude),
    workloadKinds: clone2(spec.workloadKinds) ?? [],
    sidecars: spec.sidecars ? spec.sidecars.map(mergeSidecar) : defaultSidecars(),
    mesh: resolveMesh(spec.mesh),
    dependencies: resolveDependencies(spec.dependencies),
    jobs: {
      terminateSidecars: spec.jobs?.terminateSidecars ?? true,
      entrypoints: clone2(spec.jobs?.entrypoints) ?? []
    },
    tools: {
      delivery: spec.tools?.delivery ?? "inject",
      image: spec.tools?.image ?? defaultToolsImage,
      resources: resolveResources(spec.tools?.resources)
    },
    rules: { ...spec.rules },
    check: defined({ failOn: spec.check?.failOn ?? "error", baseline: spec.check?.baseline }),
    stopOrder: { sidecarsLast: spec.stopOrder?.sidecarsLast ?? false }
  });
}

// src/config/checks.ts
function objects(v) {
  return Array.isArray(v) ? v.flatMap((o, i) => isObject(o) ? [[i, o]] : []) : [];
}
function semanticProblems(spec) {
  const problems = [];
  const s = isObject(spec) ? spec : {};
  const add = (path, text2, tags) => {
    if (text2) problems.push(tags ? { path, text: text2, tags } : { path, text: text2 });
  };
  const check = (path, v, problemOf) => {
    if (typeof v === "string" && v.trim()) add(path, problemOf(v));
  };
  const glob = (path, v) => check(path, v, validateGlob);
  const selector = (path, sel) => {
    if (!isObject(sel)) return;
    for (const key of ["names", "namespaces"]) {
      if (Array.isArray(sel[key])) sel[key].forEach((g, i) => glob(joinPath(joinPath(path, key), i), g));
    }
  };
  const minor = minorOf(s.kubernetesVersion);
  const tooOld = minor !== void 0 && minor < nativeSidecarMinor;
  const nativeUnsupported2 = (path, fix) => add(
    path,
    `native sidecars need Kubernetes 1.${nativeSidecarMinor} or later, but kubernetesVersion is ${s.kubernetesVersion}; set kubernetesVersion to 1.${nativeSidecarMinor} or later, or ${fix}`,
    { rule: "native-sidecar-unsupported" }
  );
  selector("spec.selector", s.selector);
  selector("spec.exclude", s.exclude);
  for (const [i, sc] of objects(s.sidecars)) {
    const at = `spec.sidecars[${i}]`;
    glob(`${at}.name`, sc.name);
    glob(`${at}.image`, sc.image);
    if (isObject(sc.readiness)) {
      check(`${at}.readiness.http`, sc.readiness.http, checkHttpUrl);
      check(`${at}.readiness.tcp`, sc.readiness.tcp, checkHostPort);
    }
    if (isObject(sc.shutdown)) check(`${at}.shutdown.http`, sc.shutdown.http, checkHttpUrl);
    const profile = sc.profile ?? "generic";
    if (!Object.hasOwn(profiles, profile)) continue;
    if (profile === "generic" && sc.name === void 0 && sc.image === void 0) {
      add(at, "a generic sidecar needs name or image (a glob on the container name or image) to find its containers");
    }
    const merged = mergeSidecar(sc, i);
    const strategy = sc.strategy;
    if (!merged.readiness && !profiles[profile].bootstrapAdmin && (strategy === "native" || strategy === "wrap" || strategy === "postStart" && !merged.waitCommand)) {
      const also = strategy === "postStart" ? " or waitCommand" : "";
      add(
        `${at}.strategy`,
        `strategy ${strategy} waits for the sidecar, but it has no readiness check; add readiness: {http: URL} or {tcp: host:port}${also}, or use strategy first or auto`
      );
    }
    if (strategy === "native" && tooOld) nativeUnsupported2(`${at}.strategy`, "use strategy auto or postStart");
  }
  const mesh = isObject(s.mesh) ? s.mesh : {};
  for (const name of ["istio", "linkerd", "dapr"]) {
    const m = mesh[name];
    const fix = name === "dapr" ? "set native to false" : "set native to auto or false";
    if (isObject(m) && m.native === true && tooOld) nativeUnsupported2(`spec.mesh.${name}.native`, fix);
  }
  if (isObject(mesh.linkerd)) {
    check(
      "spec.mesh.linkerd.version",
      mesh.linkerd.version,
      (v) => linkerdMinorOf(v) === void 0 ? `'${v}' is not a Linkerd version; write the 2.N it is or corresponds to, for example "2.18"` : void 0
    );
  }
  for (const name of ["istio", "linkerd", "dapr"]) {
    const m = mesh[name];
    if (!isObject(m) || m.native !== true || typeof m.version !== "string") continue;
    const rows = tableOf(name).nativeKeys ?? [];
    if (factAt(rows, m.version)) continue;
    const first = rows.map((r) => r.since).sort(compareVersions)[0];
    const title = name[0].toUpperCase() + name.slice(1);
    add(
      `spec.mesh.${name}.native`,
      `${title} ${m.version} has no native sidecars (they came in ${first}); set native to auto or false, or version to ${first} or later`
    );
  }
  const names = /* @__PURE__ */ new Map();
  for (const [i, dep] of objects(s.dependencies)) {
    const at = `spec.dependencies[${i}]`;
    check(`${at}.http`, dep.http, checkHttpUrl);
    check(`${at}.tcp`, dep.tcp, checkHostPort);
    check(`${at}.dns`, dep.dns, checkDnsName);
    selector(`${at}.selector`, dep.selector);
    if (typeof dep.name !== "string") continue;
    const first = names.get(dep.name);
    if (first === void 0) names.set(dep.name, i);
    else
      add(`${at}.name`, `'${dep.name}' is also the name of spec.dependencies[${first}]; names must be unique (each names the init container seq-wait-<name>)`);
  }
  workloadKinds(s.workloadKinds, add);
  const jobs = isObject(s.jobs) ? s.jobs : {};
  for (const [i, ep] of objects(jobs.entrypoints)) {
    glob(`spec.jobs.entrypoints[${i}].container`, ep.container);
    glob(`spec.jobs.entrypoints[${i}].image`, ep.image);
  }
  return problems;
}
var NO_TEMPLATES = /* @__PURE__ */ new Set(["apiVersion", "kind", "metadata", "status"]);
function workloadKinds(v, add) {
  const seen = /* @__PURE__ */ new Map();
  for (const [i, k] of objects(v)) {
    const at = `spec.workloadKinds[${i}]`;
    const path = k.podTemplatePath;
    if (typeof path !== "string" || pathProblem(path)) continue;
    const first = normalPattern(path).split(".")[0].replace(/\[\]$/, "");
    if (NO_TEMPLATES.has(first)) {
      add(
        `${at}.podTemplatePath`,
        `'${path}' can never match: ${first} holds no pod template; write the path from the root to the template, for example spec.template`
      );
    }
    if (typeof k.apiVersion !== "string" || typeof k.kind !== "string") continue;
    const id = `${k.apiVersion} ${k.kind} ${normalPattern(path)}`;
    const earlier = seen.get(id);
    if (earlier === void 0) seen.set(id, i);
    else add(`${at}.podTemplatePath`, `'${path}' for ${k.kind} (${k.apiVersion}) is also in spec.workloadKinds[${earlier}]; remove one of the two lines`);
    if (k.runsToCompletion !== true && k.sidecarsEndedBy === "tool") {
      add(
        `${at}.sidecarsEndedBy`,
        `sidecarsEndedBy tool ends sidecars when the work ends, but runsToCompletion is not true; set runsToCompletion: true, or leave sidecarsEndedBy out`
      );
    }
  }
}

// src/config/configmap.ts
var keys = [
  "mode",
  "kubernetesVersion",
  "sidecars",
  "dependencies",
  "terminateJobSidecars",
  "meshIstio",
  "meshLinkerd",
  "sidecarsStopLast",
  "rules",
  "failOn",
  "baseline"
];
var keyOfSpecPath = [
  ["spec.mode", "mode"],
  ["spec.kubernetesVersion", "kubernetesVersion"],
  ["spec.sidecars", "sidecars"],
  ["spec.dependencies", "dependencies"],
  ["spec.jobs", "terminateJobSidecars"],
  ["spec.mesh.istio", "meshIstio"],
  ["spec.mesh.linkerd", "meshLinkerd"],
  ["spec.rules", "rules"],
  ["spec.check.failOn", "failOn"],
  ["spec.check.baseline", "baseline"],
  ["spec.stopOrder", "sidecarsStopLast"]
];
function configMapPath(specPath) {
  const within = (prefix2) => specPath === prefix2 || specPath.startsWith(`${prefix2}.`) || specPath.startsWith(`${prefix2}[`);
  const hit = keyOfSpecPath.find(([prefix2]) => within(prefix2));
  return hit ? `data.${hit[1]}` : "data";
}
var list = (s) => s.split(",").map((w) => w.trim()).filter(Boolean);
function switches(path, value, words, problems) {
  const on = /* @__PURE__ */ new Set();
  for (const w of list(value)) {
    if (words.includes(w)) on.add(w);
    else problems.push({ path, text: `'${w}' is not accepted; use a comma list of ${words.join(", ")}, or off alone` });
  }
  return on;
}
function ruleLevels(path, value, problems) {
  const out = {};
  for (const entry of list(value)) {
    const eq = entry.indexOf("=");
    if (eq > 0) out[entry.slice(0, eq).trim()] = entry.slice(eq + 1).trim();
    else problems.push({ path, text: `'${entry}' is not accepted; write RULE=LEVEL, for example sleep-ordering=off,sidecar-not-first=error` });
  }
  return out;
}
function specFromConfigMap(data) {
  const spec = {};
  const problems = [];
  if (data === void 0 || data === null) return { spec, problems };
  if (!isObject(data)) {
    return { spec, problems: [{ path: "data", text: `expected a map of keys to strings; accepted keys: ${keys.join(", ")}` }] };
  }
  for (const [key, raw] of Object.entries(data)) {
    const path = `data.${key}`;
    if (!keys.includes(key)) {
      problems.push({ path, text: `unknown key '${key}'; accepted keys: ${keys.join(", ")}` });
      continue;
    }
    if (raw === null || raw === void 0) continue;
    if (typeof raw === "object") {
      problems.push({ path, text: "expected a string (ConfigMap values are strings)" });
      continue;
    }
    const value = String(raw).trim();
    switch (key) {
      case "mode":
        spec.mode = value;
        break;
      case "kubernetesVersion":
        if (typeof raw === "number" && /^1\.\d$/.test(value)) {
          problems.push({
            path,
            text: `got the number ${value}; quote the version, for example "1.30" (unquoted, YAML reads 1.30 as the number 1.3)`
          });
        } else spec.kubernetesVersion = value;
        break;
      case "sidecars":
        spec.sidecars = list(value).flatMap((entry) => {
          const eq = entry.indexOf("=");
          if (eq >= 0) return [{ profile: entry.slice(0, eq).trim(), name: entry.slice(eq + 1).trim() }];
          if (entry !== "generic") return [{ profile: entry }];
          problems.push({ path, text: `'generic' needs a glob on the container name; write generic=NAME-GLOB` });
          return [];
        });
        break;
      case "dependencies": {
        const parsed2 = parseDependencyList(value);
        problems.push(...parsed2.problems.map((text2) => ({ path, text: text2 })));
        spec.dependencies = parsed2.dependencies;
        break;
      }
      case "terminateJobSidecars": {
        const b = value.toLowerCase();
        if (b === "true" || b === "false") spec.jobs = { terminateSidecars: b === "true" };
        else problems.push({ path, text: `'${value}' is not accepted; use true or false` });
        break;
      }
      case "rules":
        spec.rules = ruleLevels(path, value, problems);
        break;
      case "failOn":
        spec.check = { ...spec.check, failOn: value };
        break;
      case "baseline":
        spec.check = { ...spec.check, baseline: value };
        break;
      case "sidecarsStopLast": {
        const b = value.toLowerCase();
        if (b === "true" || b === "false") spec.stopOrder = { sidecarsLast: b === "true" };
        else problems.push({ path, text: `'${value}' is not accepted; use true or false` });
        break;
      }
      // Listed switches are on, the others off; native, being auto|true|false, stays auto unless listed.
      // `off` alone turns the mesh off, also where the input proves it injects (mesh.<name>.enabled: false).
      case "meshIstio": {
        if (value === "off") {
          spec.mesh = { ...spec.mesh, istio: { enabled: false } };
          break;
        }
        const on = switches(path, value, ["hold", "native"], problems);
        spec.mesh = { ...spec.mesh, istio: { hold: on.has("hold"), native: on.has("native") || "auto" } };
        break;
      }
      case "meshLinkerd": {
        if (value === "off") {
          spec.mesh = { ...spec.mesh, linkerd: { enabled: false } };
          break;
        }
        const on = switches(path, value, ["await", "native", "shutdown"], problems);
        spec.mesh = {
          ...spec.mesh,
          linkerd: { await: on.has("await"), native: on.has("native") || "auto", shutdown: on.has("shutdown") }
        };
        break;
      }
    }
  }
  return { spec, problems };
}

// schema/podsequence.schema.json
var podsequence_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "PodSequence",
  description: "Function config of pod-sequencer: fixes container start order and sidecar exit in Kubernetes pods. Use it as kpt `configPath:`, `kpt fn eval --fn-config`, or a kustomize transformer.",
  type: "object",
  additionalProperties: false,
  required: ["apiVersion", "kind"],
  properties: {
    apiVersion: {
      description: "Always fn.pod-sequencer.dev/v1alpha1.",
      const: "fn.pod-sequencer.dev/v1alpha1"
    },
    kind: {
      description: "Always PodSequence.",
      const: "PodSequence"
    },
    metadata: {
      description: "Standard Kubernetes object metadata. Orchestrators add annotations here (for example config.kubernetes.io/local-config); other ObjectMeta fields are accepted and ignored.",
      type: "object",
      additionalProperties: true,
      properties: {
        name: { description: "Name of this config object.", type: "string" },
        namespace: { description: "Ignored.", type: "string" },
        labels: { description: "Ignored.", $ref: "#/definitions/stringMap" },
        annotations: { description: "Ignored, except by the orchestrators.", $ref: "#/definitions/stringMap" }
      }
    },
    spec: {
      description: "What to sequence and how. Every field is optional.",
      type: "object",
      additionalProperties: false,
      properties: {
        mode: {
          description: "apply: change the manifests. check: change nothing, only report findings, and exit 1 when there is an error finding.",
          enum: ["apply", "check"],
          default: "apply"
        },
        kubernetesVersion: {
          description: 'Minor version of the target cluster, as a quoted string such as "1.30" (unquoted, YAML reads 1.30 as the number 1.3). Decides what strategy auto means: native sidecars from 1.29 on, postStart hooks before. Omitted: taken as 1.29 or later (native sidecars; every release still supported upstream and by EKS, GKE and AKS runs them), said in one info result per run; a classic sidecar already first with a postStart wait stays as it is. "1.28" for classic sidecars.',
          type: "string",
          pattern: "^1\\.\\d+$"
        },
        selector: {
          description: "Which workloads to change. Omitted: every supported workload.",
          $ref: "#/definitions/selector"
        },
        exclude: {
          description: "Workloads to leave alone, same shape as selector. Wins over selector.",
          $ref: "#/definitions/selector"
        },
        workloadKinds: {
          description: "Kinds (usually CRDs) that hold pod templates, beyond the built-in ones (Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController, Job, CronJob, PodTemplate) and the built-in catalog of custom kinds (JobSet, Kubeflow training jobs and Trainer runtimes, KubeRay, KEDA ScaledJob, Volcano Job, Argo Rollouts, Knative, Argo Workflows, Tekton, OpenKruise: docs/reference.md lists them). Lines for a kind in the catalog replace its row; several lines for one kind name several templates.",
          type: "array",
          default: [],
          items: {
            type: "object",
            additionalProperties: false,
            required: ["apiVersion", "kind", "podTemplatePath"],
            properties: {
              apiVersion: { description: "apiVersion of the kind, for example example.com/v1.", type: "string", pattern: "\\S" },
              kind: { description: "The kind, for example Trainer.", type: "string", pattern: "\\S" },
              podTemplatePath: {
                description: "Path from the object's root to its pod templates (each the object holding metadata and spec): field names joined by dots, `[]` (or `[*]`) after a list's name for every item, `*` for every value of a map. For example spec.template, spec.replicatedJobs[].template.spec.template, spec.pytorchReplicaSpecs.*.template. A path that can never match is an error.",
                type: "string",
                pattern: "^(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?)(\\.(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?))*$"
              },
              runsToCompletion: {
                description: "The pods run to completion (a batch kind): they get the Job treatment (sidecars end with the work, exit codes kept). Default false: long-running pods get start order only.",
                type: "boolean"
              },
              sidecarsEndedBy: {
                description: "Who ends the sidecars when the work ends: tool (pod-sequencer's Job treatment; the default when runsToCompletion), controller (the kind's controller stops them itself: start order and lint only, never a wrapper), nobody (the default for long-running pods).",
                enum: ["tool", "controller", "nobody"]
              }
            }
          }
        },
        sidecars: {
          description: "Sidecars that are in the manifests. Omitted: every built-in profile except generic, matched by its usual container name. A list replaces that default set; [] tracks no sidecar.",
          type: "array",
          items: { $ref: "#/definitions/sidecar" }
        },
        mesh: {
          description: "Sidecars that an admission webhook injects later, so they are not in the manifests: pod-template annotations ask the mesh for the right start and stop behaviour. A mesh not named here is still handled, with its defaults, in pods the input proves its injector reaches (a Namespace in the input labelled for injection, a marker on the pod template); mesh.<name>.enabled: false turns that off.",
          type: "object",
          additionalProperties: false,
          properties: {
            istio: {
              description: "Istio injects istio-proxy.",
              type: "object",
              additionalProperties: false,
              properties: {
                enabled: {
                  description: "false turns istio off: no annotations and no Job wrapper for its sidecar, even in pods the input proves it injects. Unset: on.",
                  type: "boolean"
                },
                hold: {
                  description: "Hold the app until the proxy is ready (proxy.istio.io/config holdApplicationUntilProxyStarts: true).",
                  type: "boolean",
                  default: true
                },
                native: {
                  description: "Ask for a native sidecar (sidecar.istio.io/nativeSidecar). auto: when kubernetesVersion is 1.29 or later.",
                  enum: ["auto", true, false],
                  default: "auto"
                },
                version: {
                  description: 'Istio release in the cluster, for example "1.30" or "1.24.2": used where the manifest has no proxyv2 image tag to read. Below 1.24 no native-sidecar annotation is written (Istio reads none). Omitted: a sidecar in the manifest is read from its image tag; otherwise the facts every supported release shares.',
                  type: "string",
                  pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$"
                }
              }
            },
            linkerd: {
              description: "Linkerd injects linkerd-proxy.",
              type: "object",
              additionalProperties: false,
              properties: {
                enabled: {
                  description: "false turns linkerd off: no annotations and no Job wrapper for its sidecar, even in pods the input proves it injects. Unset: on.",
                  type: "boolean"
                },
                await: {
                  description: "Hold the app until the proxy is ready (config.linkerd.io/proxy-await: enabled).",
                  type: "boolean",
                  default: true
                },
                native: {
                  description: "Ask for a native sidecar (proxy-enable-native-sidecar; the annotation's name depends on version). auto: when kubernetesVersion is 1.29 or later.",
                  enum: ["auto", true, false],
                  default: "auto"
                },
                shutdown: {
                  description: "In Job-like pods, shut the proxy down when the work ends (enables config.linkerd.io/proxy-admin-shutdown).",
                  type: "boolean",
                  default: true
                },
                version: {
                  description: 'Linkerd version in the cluster, for example "2.16". Decides which native-sidecar annotation is written: config.alpha.linkerd.io/ (2.15 to 2.18), config.beta.linkerd.io/ (2.19), config.linkerd.io/ (2.20 and later). Omitted: the alpha key, which every release from 2.15 to 2.20 reads (an info result says so).',
                  type: "string",
                  pattern: "\\S"
                }
              }
            },
            kuma: {
              description: "Kuma injects kuma-sidecar.",
              type: "object",
              additionalProperties: false,
              properties: {
                enabled: {
                  description: "false turns kuma off: no annotations and no Job wrapper for its sidecar, even in pods the input proves it injects. Unset: on.",
                  type: "boolean"
                },
                waitReady: {
                  description: 'Hold the app until the data plane is ready (kuma.io/wait-for-dataplane-ready: "true").',
                  type: "boolean",
                  default: true
                },
                version: {
                  description: 'Kuma release in the cluster, for example "2.14.0": decides the readiness port a Job wrapper waits on (9901 up to 2.13, 9902 from 2.14). Omitted: a sidecar in the manifest is read from its kuma-dp image tag or its own probe; otherwise 9901.',
                  type: "string",
                  pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$"
                }
              }
            },
            dapr: {
              description: "Dapr injects daprd.",
              type: "object",
              additionalProperties: false,
              properties: {
                enabled: {
                  description: "false turns dapr off: no annotations and no Job wrapper for its sidecar, even in pods the input proves it injects. Unset: on.",
                  type: "boolean"
                },
                native: {
                  description: 'Ask for a native sidecar (dapr.io/enable-native-sidecar: "true", Dapr 1.18+). Dapr adds no startupProbe to it, so this does not hold the app.',
                  type: "boolean",
                  default: false
                },
                shutdown: {
                  description: "In Job-like pods, shut daprd down when the work ends (POST /v1.0/shutdown).",
                  type: "boolean",
                  default: true
                },
                version: {
                  description: 'Dapr release in the cluster, for example "1.18.0". Below 1.18 no native-sidecar annotation is written (Dapr reads none).',
                  type: "string",
                  pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$"
                }
              }
            },
            vault: {
              description: "The Vault agent injector adds vault-agent.",
              type: "object",
              additionalProperties: false,
              properties: {
                enabled: {
                  description: "false turns vault off: no annotations and no Job wrapper for its sidecar, even in pods the input proves it injects. Unset: on.",
                  type: "boolean"
                },
                prePopulateOnly: {
                  description: 'In Job-like pods, use only the init container (vault.hashicorp.com/agent-pre-populate-only: "true"), so there is no sidecar to end.',
                  type: "boolean",
                  default: false
                },
                quit: {
                  description: "In Job-like pods, shut the agent down when the work ends (enables vault.hashicorp.com/agent-enable-quit).",
                  type: "boolean",
                  default: true
                },
                version: {
                  description: 'vault-k8s (the agent injector) release in the cluster, for example "1.7.0".',
                  type: "string",
                  pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$"
                }
              }
            },
            consul: {
              description: "Consul's connect injector (consul-k8s) adds consul-dataplane.",
              type: "object",
              additionalProperties: false,
              properties: {
                enabled: {
                  description: "false turns consul off: no annotations and no Job wrapper for its sidecar, even in pods the input proves it injects. Unset: on.",
                  type: "boolean"
                },
                native: {
                  description: 'Native consul-dataplane (consul.hashicorp.com/enable-consul-dataplane-as-sidecar, consul-k8s 1.9.0+): true or false write it; auto writes "true" only where kubernetesVersion is 1.29 or later and mesh.consul.version is 1.9.0 or later (an older injector ignores it and a Job would hang).',
                  enum: ["auto", true, false],
                  default: "auto"
                },
                shutdown: {
                  description: "In Job-like pods, shut consul-dataplane down when the work ends (POST /graceful_shutdown on port 20600; enables consul.hashicorp.com/enable-sidecar-proxy-lifecycle).",
                  type: "boolean",
                  default: true
                },
                version: {
                  description: 'consul-k8s release in the cluster, for example "1.9.0" (its chart pins the consul-dataplane image of the same number). Omitted: a native consul-dataplane is written only on request (native: true).',
                  type: "string",
                  pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$"
                }
              }
            }
          }
        },
        dependencies: {
          description: "Services to wait for before the app starts: one init container seq-wait-<name> each.",
          type: "array",
          default: [],
          items: { $ref: "#/definitions/dependency" }
        },
        jobs: {
          description: "Job, CronJob, and Pods whose restartPolicy is Never or OnFailure.",
          type: "object",
          additionalProperties: false,
          properties: {
            terminateSidecars: {
              description: "End classic (non-native) sidecars when the work ends, so the Job completes: each app container's command is wrapped to wait, run, then ask the sidecars to shut down.",
              type: "boolean",
              default: true
            },
            entrypoints: {
              description: "The command to wrap for containers whose manifest has no command (the image's ENTRYPOINT is not visible in the manifest). The pod-sequencer.dev/entrypoint.<container> annotation does the same per workload.",
              type: "array",
              default: [],
              items: {
                type: "object",
                additionalProperties: false,
                required: ["command"],
                anyOf: [
                  { required: ["container"], properties: { container: true } },
                  { required: ["image"], properties: { image: true } }
                ],
                properties: {
                  container: { description: "Glob on the container's name.", $ref: "#/definitions/glob" },
                  image: { description: "Glob on the container's image.", $ref: "#/definitions/glob" },
                  command: {
                    description: "The image's entrypoint, as an argv list; the container's args still follow it.",
                    type: "array",
                    items: { type: "string" }
                  }
                }
              }
            }
          }
        },
        tools: {
          description: "How the generated wait and wrapper scripts get a shell and an HTTP client.",
          type: "object",
          additionalProperties: false,
          properties: {
            delivery: {
              description: "inject: copy a static busybox from image into an emptyDir seq-tools (mounted at /.seq), only in pods where a generated script must run inside an image pod-sequencer does not control. image: use the sh and curl or wget already in the target images. Dependency waits run in tools.image either way.",
              enum: ["inject", "image"],
              default: "inject"
            },
            image: {
              description: "Image of the added init containers (dependency waits, seq-tools). With delivery inject it must contain a static /bin/busybox; with delivery image, dependency waits use its own sh and curl or wget.",
              type: "string",
              pattern: "\\S",
              default: "busybox:1.37.0-musl"
            },
            resources: {
              description: "Resources of every container pod-sequencer adds. Merged over the default per resource name, so limits: {memory: 64Mi} keeps the default requests.",
              type: "object",
              additionalProperties: false,
              default: { requests: { cpu: "10m", memory: "16Mi" }, limits: { memory: "32Mi" } },
              properties: {
                requests: { description: "Resource requests, for example {cpu: 10m, memory: 16Mi}.", $ref: "#/definitions/quantities" },
                limits: { description: "Resource limits, for example {memory: 32Mi}.", $ref: "#/definitions/quantities" }
              }
            }
          }
        },
        rules: {
          description: "Severity of each rule by id, in every output (check's text, JSON, SARIF and JUnit, and the kpt and kustomize results): off, info, warning or error. off drops the rule's findings; what the function changes in apply mode stays the same. A rule not listed keeps its default (docs/results.md; one page per rule under docs/rules/).",
          type: "object",
          propertyNames: { $ref: "#/definitions/ruleId" },
          additionalProperties: { $ref: "#/definitions/ruleLevel" }
        },
        check: {
          description: "How findings decide the exit code, for pod-sequencer check and for the function (a kpt validator in mode check).",
          type: "object",
          additionalProperties: false,
          properties: {
            failOn: {
              description: "Exit 1 when an unsuppressed finding is at or above this severity: error, warning, info, or none (never). check's --fail-on wins over it.",
              enum: ["error", "warning", "info", "none"],
              default: "error"
            },
            baseline: {
              description: "Baseline file that pod-sequencer check reads when no --baseline is given (a path relative to the working directory): findings listed there are suppressed. Written by check --write-baseline FILE. The function itself reads no baseline.",
              type: "string",
              pattern: "\\S"
            }
          }
        },
        stopOrder: {
          description: "How long-running pods (not Job-like) stop. Classic sidecars get SIGTERM together with the app and may stop before it has drained (rule sidecar-stops-before-app).",
          type: "object",
          additionalProperties: false,
          properties: {
            sidecarsLast: {
              description: "Keep classic sidecars up while an app that has a preStop hook drains: Istio's terminationDrainDuration in proxy.istio.io/config and Linkerd's config.alpha.linkerd.io/proxy-wait-before-exit-seconds for injected proxies, a preStop sleep action (Kubernetes 1.30+) for sidecars in the manifest; sized to the grace period less 5 s. Off by default: pods then take up to their grace period to stop. A native sidecar `fix` makes classic gets this stay either way (it stopped after the app before).",
              type: "boolean",
              default: false
            }
          }
        }
      }
    }
  },
  definitions: {
    stringMap: {
      type: "object",
      additionalProperties: { type: "string" }
    },
    glob: {
      description: "A glob: * matches any run of characters, ? one character, [abc], [a-z] and [!x] one character of (not of) a set.",
      type: "string",
      pattern: "\\S"
    },
    globList: {
      type: "array",
      items: { $ref: "#/definitions/glob" }
    },
    selector: {
      type: "object",
      additionalProperties: false,
      properties: {
        kinds: {
          description: "Workload kinds, for example [Deployment, Job]. Omitted: all supported kinds.",
          type: "array",
          items: { type: "string", pattern: "\\S" }
        },
        names: { description: "Globs on the workload's metadata.name; any one must match.", $ref: "#/definitions/globList" },
        namespaces: { description: "Globs on the workload's metadata.namespace; any one must match.", $ref: "#/definitions/globList" },
        labels: {
          description: "Labels the workload's metadata.labels must all have, with equal values.",
          $ref: "#/definitions/stringMap"
        }
      }
    },
    httpUrl: {
      description: "An http:// or https:// URL.",
      type: "string",
      pattern: "\\S"
    },
    hostPort: {
      description: "host:port, for example db.prod.svc.cluster.local:5432 or [::1]:8080.",
      type: "string",
      pattern: "\\S"
    },
    check: {
      type: "object",
      additionalProperties: false,
      oneOf: [
        { required: ["http"], properties: { http: true } },
        { required: ["tcp"], properties: { tcp: true } }
      ],
      properties: {
        http: { description: "Ready when a GET on this URL answers 2xx.", $ref: "#/definitions/httpUrl" },
        tcp: { description: "Ready when this host:port accepts a connection.", $ref: "#/definitions/hostPort" }
      }
    },
    sidecar: {
      type: "object",
      additionalProperties: false,
      properties: {
        profile: {
          description: "Built-in facts (container name, readiness, wait command, shutdown) that the other fields override. generic has none: give name or image, and readiness.",
          enum: ["istio", "linkerd", "envoy", "cloud-sql-proxy", "dapr", "vault", "kuma", "consul", "generic"],
          default: "generic"
        },
        name: {
          description: "Glob on the container's name; a container that matches name or image is this sidecar. Default: the profile's container name, when neither name nor image is given.",
          $ref: "#/definitions/glob"
        },
        image: {
          description: `Glob on the container's image, for example "*/proxyv2:*".`,
          $ref: "#/definitions/glob"
        },
        strategy: {
          description: "native: a native sidecar (an init container with restartPolicy: Always and a startupProbe; Kubernetes 1.29+). postStart: first container with a blocking postStart wait. wrap: leave it in place and make each app container wait for it. first: only move it first. auto: native from kubernetesVersion 1.29 on, else postStart; without kubernetesVersion, native stays native and classic gets postStart.",
          enum: ["auto", "native", "postStart", "wrap", "first"],
          default: "auto"
        },
        readiness: {
          description: "How to tell the sidecar is ready: {http: URL} or {tcp: host:port}. Default: the profile's.",
          $ref: "#/definitions/check"
        },
        waitCommand: {
          description: "A command inside the sidecar's own image that blocks until it is ready, used as its postStart hook. Default: the profile's, unless readiness is set (a changed endpoint needs a matching command); without one, a sh loop on readiness.",
          type: "array",
          minItems: 1,
          items: { type: "string" }
        },
        shutdown: {
          description: "How a Job's wrapper ends the sidecar: {http: URL, method: POST}, or {signal: {process: NAME}} (shares the process namespace; always reported as a warning). Default: the profile's.",
          type: "object",
          additionalProperties: false,
          oneOf: [
            { required: ["http"], properties: { http: true } },
            { required: ["signal"], properties: { signal: true } }
          ],
          dependencies: { method: ["http"] },
          properties: {
            http: { description: "URL to call to make the sidecar exit 0.", $ref: "#/definitions/httpUrl" },
            method: { description: "HTTP method of the call.", enum: ["POST", "GET"], default: "POST" },
            signal: {
              description: "Opt-in only: set shareProcessNamespace and send SIGTERM to this process. It exposes every process and its environment to every container of the pod.",
              type: "object",
              additionalProperties: false,
              required: ["process"],
              properties: {
                process: { description: "Name of the sidecar's main process, for example pilot-agent.", type: "string", pattern: "\\S" }
              }
            }
          }
        },
        timeoutSeconds: {
          description: "How long to wait for readiness, at most a day (86400). Default: the profile's (120; kuma 180).",
          type: "integer",
          minimum: 1,
          maximum: 86400
        },
        onTimeout: {
          description: "What a wait does when timeoutSeconds pass: fail (exit non-zero) or continue (start the app anyway).",
          enum: ["fail", "continue"],
          default: "fail"
        }
      }
    },
    dependency: {
      type: "object",
      additionalProperties: false,
      oneOf: [
        { required: ["http"], properties: { http: true } },
        { required: ["tcp"], properties: { tcp: true } },
        { required: ["dns"], properties: { dns: true } }
      ],
      properties: {
        name: {
          description: "Names the init container seq-wait-<name>: lowercase letters, digits and -, at most 54 characters. Default: the first label of the host, with -2, -3... when taken.",
          type: "string",
          pattern: "^[a-z0-9]([-a-z0-9]{0,52}[a-z0-9])?$"
        },
        http: { description: "Wait until a GET on this URL answers 2xx or 3xx.", $ref: "#/definitions/httpUrl" },
        tcp: { description: "Wait until this host:port accepts a connection.", $ref: "#/definitions/hostPort" },
        dns: { description: "Wait until this name resolves.", type: "string", pattern: "\\S" },
        timeoutSeconds: {
          description: "Give up (the init container fails) after this many seconds, at most a day (86400); 0 waits forever.",
          type: "integer",
          minimum: 0,
          maximum: 86400,
          default: 300
        },
        periodSeconds: {
          description: "Seconds between attempts, at most an hour (3600).",
          type: "integer",
          minimum: 1,
          maximum: 3600,
          default: 2
        },
        selector: {
          description: "Which of the selected workloads need this dependency. Omitted: all of them.",
          $ref: "#/definitions/selector"
        }
      }
    },
    ruleId: {
      title: "rule",
      description: "A rule id (generated from src/check/index.ts by scripts/gen-rules.mjs).",
      enum: ["sidecar-not-first", "sidecar-no-readiness-gate", "job-sidecar-blocks-completion", "missing-entrypoint", "init-network-under-mesh", "process-namespace-sharing", "sleep-ordering", "native-sidecar-unsupported", "dependency-not-awaited", "init-container-probe-forbidden", "restart-policy-on-container", "native-sidecar-startup-probe-never", "native-sidecar-prestop", "prestop-exceeds-grace-period", "onfailure-classic-sidecar", "istio-hold-ignored-native", "native-sidecar-in-custom-kind", "sidecar-stops-before-app", "sidecar-read-as-app", "pending-change", "sidecar-endpoints-unknown", "handled-by-script", "invalid-suppression", "invalid-input", "start-order-race", "native-sidecar-stuck-init", "native-sidecar-stripped", "sequencing-drift", "kubelet-sidecar-defect", "mutating-webhook-reinvocation", "admission-webhook-missing"]
    },
    ruleLevel: { description: "off, or the severity the rule's findings get.", enum: ["off", "info", "warning", "error"] },
    quantities: {
      type: "object",
      additionalProperties: {
        type: ["string", "number"],
        pattern: "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$"
      }
    }
  }
};

// src/config/schema-errors.ts
function schemaAt(segments) {
  let s = deref(podsequence_schema_default);
  for (const seg of segments) {
    if (!s) return void 0;
    const next = s.properties?.[seg] ?? s.items ?? (isObject(s.additionalProperties) ? s.additionalProperties : void 0);
    s = isObject(next) ? deref(next) : void 0;
  }
  return s;
}
function deref(s) {
  while (typeof s.$ref === "string") s = podsequence_schema_default.definitions[s.$ref.replace("#/definitions/", "")];
  return s;
}
function segmentsOf(instancePath) {
  return instancePath === "" ? [] : instancePath.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
function fieldPath2(segments, data) {
  let path = "";
  let node = data;
  for (const seg of segments) {
    if (Array.isArray(node)) {
      path = joinPath(path, Number(seg));
      node = node[Number(seg)];
    } else {
      path = joinPath(path, seg);
      node = isObject(node) ? node[seg] : void 0;
    }
  }
  return path;
}
function valueAt(segments, data) {
  return segments.reduce((node, seg) => isObject(node) || Array.isArray(node) ? node[seg] : void 0, data);
}
function show(v) {
  return typeof v === "string" ? `'${v}'` : JSON.stringify(v);
}
function describeValue(v) {
  if (v === null) return "nothing (null)";
  if (Array.isArray(v)) return "a list";
  if (isObject(v)) return "a map";
  if (typeof v === "string") return `the string '${v}'`;
  if (typeof v === "number") return `the number ${v}`;
  return String(v);
}
var typeNames = {
  string: "a string",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "a map",
  null: "null"
};
var TEMPLATE_PATH = "^(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?)(\\.(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?))*$";
var patternTexts = {
  "\\S": () => "must not be empty",
  "^1\\.\\d+$": (v) => `'${v}' is not accepted; use a Kubernetes minor version such as "1.30"`,
  "^[a-z0-9]([-a-z0-9]{0,52}[a-z0-9])?$": (v) => `'${v}' is not accepted; use lowercase letters, digits and -, starting and ending with a letter or digit, at most 54 characters (it names the init container seq-wait-<name>)`,
  [TEMPLATE_PATH]: (v) => `'${v}' can never match: ${pathProblem(v) ?? "write a path such as spec.template"}`
};
var quantityText = (v) => `'${v}' is not a Kubernetes quantity; use for example 10m, 100Mi, 1Gi or 0.5`;
function closest(name, allowed) {
  const distance = (a, b) => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++) {
        row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      }
      prev = row;
    }
    return prev[b.length];
  };
  return allowed.find((a) => distance(name, a) <= 2);
}
function alternatives(s, keyword) {
  return (s?.[keyword] ?? []).map((branch) => branch.required[0]);
}
function translate(e, data) {
  const segments = segmentsOf(e.instancePath);
  const path = fieldPath2(segments, data);
  const value = valueAt(segments, data);
  const here = schemaAt(segments);
  const owner = path || "the PodSequence";
  switch (e.keyword) {
    case "additionalProperties": {
      const field = String(e.params.additionalProperty);
      const allowed = Object.keys(here?.properties ?? {});
      const guess = closest(field, allowed);
      return {
        path: joinPath(path, field),
        text: `unknown field '${field}'${guess ? ` (did you mean '${guess}'?)` : ""}; the fields of ${owner} are ${allowed.join(", ")}`
      };
    }
    case "propertyNames": {
      const name = String(e.params.propertyName);
      const keys2 = here?.propertyNames ? deref(here.propertyNames) : void 0;
      const allowed = keys2?.enum ?? [];
      const guess = closest(name, allowed);
      return {
        path: joinPath(path, name),
        text: `unknown ${keys2?.title ?? "key"} '${name}'${guess ? ` (did you mean '${guess}'?)` : ""}; use one of ${allowed.join(", ")}`
      };
    }
    case "required": {
      const field = String(e.params.missingProperty);
      const fieldSchema = schemaAt([...segments, field]);
      const use = fieldSchema?.const !== void 0 ? `; use ${fieldSchema.const}` : "";
      return { path: joinPath(path, field), text: `is required${use}` };
    }
    case "type": {
      if (segments.join(".") === "spec.kubernetesVersion" && typeof value === "number") {
        return {
          path,
          text: `got the number ${value}; write the version as a quoted string such as "1.30" (unquoted, YAML reads 1.30 as the number 1.3)`
        };
      }
      const expected = String(e.params.type).split(",").map((t) => typeNames[t] ?? t).join(" or ");
      return { path, text: `expected ${expected}, got ${describeValue(value)}` };
    }
    case "enum":
    case "const": {
      const allowed = e.keyword === "enum" ? e.params.allowedValues : [e.params.allowedValue];
      const unquote = allowed.some((a) => typeof a !== "string" && String(a) === value) ? " (true and false without quotes)" : "";
      const choices = allowed.map(String).join(", ");
      return {
        path,
        text: `${show(value)} is not accepted; use ${allowed.length > 1 ? "one of " : ""}${choices}${unquote}`
      };
    }
    case "pattern": {
      const pattern = String(e.params.pattern);
      const text2 = patternTexts[pattern] ?? (pattern.includes("Ki|Mi") ? quantityText : void 0);
      return { path, text: text2 ? text2(String(value)) : `${show(value)} does not match ${pattern}` };
    }
    case "minimum":
      return { path, text: `${show(value)} is too small; use a whole number of at least ${e.params.limit}` };
    case "minItems":
      return { path, text: `must list at least ${e.params.limit} item${e.params.limit === 1 ? "" : "s"}` };
    case "oneOf": {
      const names = alternatives(here, "oneOf");
      const found = names.filter((n) => isObject(value) && value[n] !== void 0);
      return {
        path,
        text: found.length > 1 ? `has ${found.join(" and ")}; give exactly one of ${names.join(", ")}` : `needs one of ${names.join(", ")}`
      };
    }
    case "anyOf":
      return { path, text: `needs ${alternatives(here, "anyOf").join(" or ")} (or both) to say which containers it is for` };
    case "dependencies":
      return {
        path: joinPath(path, String(e.params.property)),
        text: `applies only to ${e.params.missingProperty}; add ${e.params.missingProperty} or remove ${e.params.property}`
      };
    default:
      return { path, text: e.message ?? `fails ${e.keyword}` };
  }
}
function essential(errors) {
  const typeAt = new Set(errors.filter((e) => e.keyword === "type").map((e) => e.instancePath));
  const oneOfAt = new Set(errors.filter((e) => e.keyword === "oneOf").map((e) => e.instancePath));
  return errors.filter(
    (e) => !/\/(oneOf|anyOf)\/\d+\//.test(e.schemaPath) && // ajv's own error for a bad key (under propertyNames) says less than the propertyNames one.
    e.propertyName === void 0 && !(typeAt.has(e.instancePath) && e.keyword !== "type") && !(oneOfAt.has(e.instancePath) && e.keyword === "dependencies")
  );
}
function schemaProblems(errors, data) {
  return essential(errors).map((e) => translate(e, data));
}

// src/config/validate.generated.js
var validate_generated_default = validate10;
var schema11 = { "$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "additionalProperties": false, "required": ["apiVersion", "kind"], "properties": { "apiVersion": { "const": "fn.pod-sequencer.dev/v1alpha1" }, "kind": { "const": "PodSequence" }, "metadata": { "type": "object", "additionalProperties": true, "properties": { "name": { "type": "string" }, "namespace": { "type": "string" }, "labels": { "$ref": "#/definitions/stringMap" }, "annotations": { "$ref": "#/definitions/stringMap" } } }, "spec": { "type": "object", "additionalProperties": false, "properties": { "mode": { "enum": ["apply", "check"], "default": "apply" }, "kubernetesVersion": { "type": "string", "pattern": "^1\\.\\d+$" }, "selector": { "$ref": "#/definitions/selector" }, "exclude": { "$ref": "#/definitions/selector" }, "workloadKinds": { "type": "array", "default": [], "items": { "type": "object", "additionalProperties": false, "required": ["apiVersion", "kind", "podTemplatePath"], "properties": { "apiVersion": { "type": "string", "pattern": "\\S" }, "kind": { "type": "string", "pattern": "\\S" }, "podTemplatePath": { "type": "string", "pattern": "^(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?)(\\.(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?))*$" }, "runsToCompletion": { "type": "boolean" }, "sidecarsEndedBy": { "enum": ["tool", "controller", "nobody"] } } } }, "sidecars": { "type": "array", "items": { "$ref": "#/definitions/sidecar" } }, "mesh": { "type": "object", "additionalProperties": false, "properties": { "istio": { "type": "object", "additionalProperties": false, "properties": { "enabled": { "type": "boolean" }, "hold": { "type": "boolean", "default": true }, "native": { "enum": ["auto", true, false], "default": "auto" }, "version": { "type": "string", "pattern": "^v?\\d+\\.\\d+(\\.\\d+)?$" } } }, "linkerd": { "type": "object", "additionalProperties": false, "properties": { "enabled": { "type": "boolean" }, "await": { "type": "boolean", "default": true }, "native": { "enum": ["auto", true, false], "default": "auto" }, "shutdown": { "type": "boolean", "default": true }, "version": { "type": "string", "pattern": "\\S" } } }, "kuma": { "type": "object", "additionalProperties": false, "properties": { "enabled": { "type": "boolean" }, "waitReady": { "type": "boolean", "default": true }, "version": { "type": "string", "pattern": "^v?\\d+\\.\\d+(\\.\\d+)?$" } } }, "dapr": { "type": "object", "additionalProperties": false, "properties": { "enabled": { "type": "boolean" }, "native": { "type": "boolean", "default": false }, "shutdown": { "type": "boolean", "default": true }, "version": { "type": "string", "pattern": "^v?\\d+\\.\\d+(\\.\\d+)?$" } } }, "vault": { "type": "object", "additionalProperties": false, "properties": { "enabled": { "type": "boolean" }, "prePopulateOnly": { "type": "boolean", "default": false }, "quit": { "type": "boolean", "default": true }, "version": { "type": "string", "pattern": "^v?\\d+\\.\\d+(\\.\\d+)?$" } } }, "consul": { "type": "object", "additionalProperties": false, "properties": { "enabled": { "type": "boolean" }, "native": { "enum": ["auto", true, false], "default": "auto" }, "shutdown": { "type": "boolean", "default": true }, "version": { "type": "string", "pattern": "^v?\\d+\\.\\d+(\\.\\d+)?$" } } } } }, "dependencies": { "type": "array", "default": [], "items": { "$ref": "#/definitions/dependency" } }, "jobs": { "type": "object", "additionalProperties": false, "properties": { "terminateSidecars": { "type": "boolean", "default": true }, "entrypoints": { "type": "array", "default": [], "items": { "type": "object", "additionalProperties": false, "required": ["command"], "anyOf": [{ "required": ["container"], "properties": { "container": true } }, { "required": ["image"], "properties": { "image": true } }], "properties": { "container": { "$ref": "#/definitions/glob" }, "image": { "$ref": "#/definitions/glob" }, "command": { "type": "array", "items": { "type": "string" } } } } } } }, "tools": { "type": "object", "additionalProperties": false, "properties": { "delivery": { "enum": ["inject", "image"], "default": "inject" }, "image": { "type": "string", "pattern": "\\S", "default": "busybox:1.37.0-musl" }, "resources": { "type": "object", "additionalProperties": false, "default": { "requests": { "cpu": "10m", "memory": "16Mi" }, "limits": { "memory": "32Mi" } }, "properties": { "requests": { "$ref": "#/definitions/quantities" }, "limits": { "$ref": "#/definitions/quantities" } } } } }, "rules": { "type": "object", "propertyNames": { "$ref": "#/definitions/ruleId" }, "additionalProperties": { "$ref": "#/definitions/ruleLevel" } }, "check": { "type": "object", "additionalProperties": false, "properties": { "failOn": { "enum": ["error", "warning", "info", "none"], "default": "error" }, "baseline": { "type": "string", "pattern": "\\S" } } }, "stopOrder": { "type": "object", "additionalProperties": false, "properties": { "sidecarsLast": { "type": "boolean", "default": false } } } } } }, "definitions": { "stringMap": { "type": "object", "additionalProperties": { "type": "string" } }, "glob": { "type": "string", "pattern": "\\S" }, "globList": { "type": "array", "items": { "$ref": "#/definitions/glob" } }, "selector": { "type": "object", "additionalProperties": false, "properties": { "kinds": { "type": "array", "items": { "type": "string", "pattern": "\\S" } }, "names": { "$ref": "#/definitions/globList" }, "namespaces": { "$ref": "#/definitions/globList" }, "labels": { "$ref": "#/definitions/stringMap" } } }, "httpUrl": { "type": "string", "pattern": "\\S" }, "hostPort": { "type": "string", "pattern": "\\S" }, "check": { "type": "object", "additionalProperties": false, "oneOf": [{ "required": ["http"], "properties": { "http": true } }, { "required": ["tcp"], "properties": { "tcp": true } }], "properties": { "http": { "$ref": "#/definitions/httpUrl" }, "tcp": { "$ref": "#/definitions/hostPort" } } }, "sidecar": { "type": "object", "additionalProperties": false, "properties": { "profile": { "enum": ["istio", "linkerd", "envoy", "cloud-sql-proxy", "dapr", "vault", "kuma", "consul", "generic"], "default": "generic" }, "name": { "$ref": "#/definitions/glob" }, "image": { "$ref": "#/definitions/glob" }, "strategy": { "enum": ["auto", "native", "postStart", "wrap", "first"], "default": "auto" }, "readiness": { "$ref": "#/definitions/check" }, "waitCommand": { "type": "array", "minItems": 1, "items": { "type": "string" } }, "shutdown": { "type": "object", "additionalProperties": false, "oneOf": [{ "required": ["http"], "properties": { "http": true } }, { "required": ["signal"], "properties": { "signal": true } }], "dependencies": { "method": ["http"] }, "properties": { "http": { "$ref": "#/definitions/httpUrl" }, "method": { "enum": ["POST", "GET"], "default": "POST" }, "signal": { "type": "object", "additionalProperties": false, "required": ["process"], "properties": { "process": { "type": "string", "pattern": "\\S" } } } } }, "timeoutSeconds": { "type": "integer", "minimum": 1, "maximum": 86400 }, "onTimeout": { "enum": ["fail", "continue"], "default": "fail" } } }, "dependency": { "type": "object", "additionalProperties": false, "oneOf": [{ "required": ["http"], "properties": { "http": true } }, { "required": ["tcp"], "properties": { "tcp": true } }, { "required": ["dns"], "properties": { "dns": true } }], "properties": { "name": { "type": "string", "pattern": "^[a-z0-9]([-a-z0-9]{0,52}[a-z0-9])?$" }, "http": { "$ref": "#/definitions/httpUrl" }, "tcp": { "$ref": "#/definitions/hostPort" }, "dns": { "type": "string", "pattern": "\\S" }, "timeoutSeconds": { "type": "integer", "minimum": 0, "maximum": 86400, "default": 300 }, "periodSeconds": { "type": "integer", "minimum": 1, "maximum": 3600, "default": 2 }, "selector": { "$ref": "#/definitions/selector" } } }, "ruleId": { "enum": ["sidecar-not-first", "sidecar-no-readiness-gate", "job-sidecar-blocks-completion", "missing-entrypoint", "init-network-under-mesh", "process-namespace-sharing", "sleep-ordering", "native-sidecar-unsupported", "dependency-not-awaited", "init-container-probe-forbidden", "restart-policy-on-container", "native-sidecar-startup-probe-never", "native-sidecar-prestop", "prestop-exceeds-grace-period", "onfailure-classic-sidecar", "istio-hold-ignored-native", "native-sidecar-in-custom-kind", "sidecar-stops-before-app", "sidecar-read-as-app", "pending-change", "sidecar-endpoints-unknown", "handled-by-script", "invalid-suppression", "invalid-input", "start-order-race", "native-sidecar-stuck-init", "native-sidecar-stripped", "sequencing-drift", "kubelet-sidecar-defect", "mutating-webhook-reinvocation", "admission-webhook-missing"] }, "ruleLevel": { "enum": ["off", "info", "warning", "error"] }, "quantities": { "type": "object", "additionalProperties": { "type": ["string", "number"], "pattern": "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$" } } } };
var schema30 = { "type": "object", "additionalProperties": { "type": ["string", "number"], "pattern": "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$" } };
var schema32 = { "enum": ["sidecar-not-first", "sidecar-no-readiness-gate", "job-sidecar-blocks-completion", "missing-entrypoint", "init-network-under-mesh", "process-namespace-sharing", "sleep-ordering", "native-sidecar-unsupported", "dependency-not-awaited", "init-container-probe-forbidden", "restart-policy-on-container", "native-sidecar-startup-probe-never", "native-sidecar-prestop", "prestop-exceeds-grace-period", "onfailure-classic-sidecar", "istio-hold-ignored-native", "native-sidecar-in-custom-kind", "sidecar-stops-before-app", "sidecar-read-as-app", "pending-change", "sidecar-endpoints-unknown", "handled-by-script", "invalid-suppression", "invalid-input", "start-order-race", "native-sidecar-stuck-init", "native-sidecar-stripped", "sequencing-drift", "kubelet-sidecar-defect", "mutating-webhook-reinvocation", "admission-webhook-missing"] };
var schema33 = { "enum": ["off", "info", "warning", "error"] };
var func2 = Object.prototype.hasOwnProperty;
var pattern0 = new RegExp("^1\\.\\d+$", "u");
var pattern1 = new RegExp("\\S", "u");
var pattern5 = new RegExp("^(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?)(\\.(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?))*$", "u");
var pattern12 = new RegExp("^v?\\d+\\.\\d+(\\.\\d+)?$", "u");
var pattern25 = new RegExp("^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$", "u");
function validate12(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (Array.isArray(data)) {
    const len0 = data.length;
    for (let i0 = 0; i0 < len0; i0++) {
      let data0 = data[i0];
      if (typeof data0 === "string") {
        if (!pattern1.test(data0)) {
          const err0 = { instancePath: instancePath + "/" + i0, schemaPath: "#/definitions/glob/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err0];
          } else {
            vErrors.push(err0);
          }
          errors++;
        }
      } else {
        const err1 = { instancePath: instancePath + "/" + i0, schemaPath: "#/definitions/glob/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
  } else {
    const err2 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "array" }, message: "must be array" };
    if (vErrors === null) {
      vErrors = [err2];
    } else {
      vErrors.push(err2);
    }
    errors++;
  }
  validate12.errors = vErrors;
  return errors === 0;
}
function validate11(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "kinds" || key0 === "names" || key0 === "namespaces" || key0 === "labels")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.kinds !== void 0) {
      let data0 = data.kinds;
      if (Array.isArray(data0)) {
        const len0 = data0.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data1 = data0[i0];
          if (typeof data1 === "string") {
            if (!pattern1.test(data1)) {
              const err1 = { instancePath: instancePath + "/kinds/" + i0, schemaPath: "#/properties/kinds/items/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
              if (vErrors === null) {
                vErrors = [err1];
              } else {
                vErrors.push(err1);
              }
              errors++;
            }
          } else {
            const err2 = { instancePath: instancePath + "/kinds/" + i0, schemaPath: "#/properties/kinds/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err2];
            } else {
              vErrors.push(err2);
            }
            errors++;
          }
        }
      } else {
        const err3 = { instancePath: instancePath + "/kinds", schemaPath: "#/properties/kinds/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.names !== void 0) {
      if (!validate12(data.names, { instancePath: instancePath + "/names", parentData: data, parentDataProperty: "names", rootData })) {
        vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
        errors = vErrors.length;
      }
    }
    if (data.namespaces !== void 0) {
      if (!validate12(data.namespaces, { instancePath: instancePath + "/namespaces", parentData: data, parentDataProperty: "namespaces", rootData })) {
        vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
        errors = vErrors.length;
      }
    }
    if (data.labels !== void 0) {
      let data4 = data.labels;
      if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
        for (const key1 in data4) {
          if (typeof data4[key1] !== "string") {
            const err4 = { instancePath: instancePath + "/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/stringMap/additionalProperties/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err4];
            } else {
              vErrors.push(err4);
            }
            errors++;
          }
        }
      } else {
        const err5 = { instancePath: instancePath + "/labels", schemaPath: "#/definitions/stringMap/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
  } else {
    const err6 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err6];
    } else {
      vErrors.push(err6);
    }
    errors++;
  }
  validate11.errors = vErrors;
  return errors === 0;
}
var schema18 = { "type": "object", "additionalProperties": false, "properties": { "profile": { "enum": ["istio", "linkerd", "envoy", "cloud-sql-proxy", "dapr", "vault", "kuma", "consul", "generic"], "default": "generic" }, "name": { "$ref": "#/definitions/glob" }, "image": { "$ref": "#/definitions/glob" }, "strategy": { "enum": ["auto", "native", "postStart", "wrap", "first"], "default": "auto" }, "readiness": { "$ref": "#/definitions/check" }, "waitCommand": { "type": "array", "minItems": 1, "items": { "type": "string" } }, "shutdown": { "type": "object", "additionalProperties": false, "oneOf": [{ "required": ["http"], "properties": { "http": true } }, { "required": ["signal"], "properties": { "signal": true } }], "dependencies": { "method": ["http"] }, "properties": { "http": { "$ref": "#/definitions/httpUrl" }, "method": { "enum": ["POST", "GET"], "default": "POST" }, "signal": { "type": "object", "additionalProperties": false, "required": ["process"], "properties": { "process": { "type": "string", "pattern": "\\S" } } } } }, "timeoutSeconds": { "type": "integer", "minimum": 1, "maximum": 86400 }, "onTimeout": { "enum": ["fail", "continue"], "default": "fail" } } };
function validate18(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  const _errs1 = errors;
  let valid0 = false;
  let passing0 = null;
  const _errs2 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.http === void 0) {
      const err0 = { instancePath, schemaPath: "#/oneOf/0/required", keyword: "required", params: { missingProperty: "http" }, message: "must have required property 'http'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
  }
  var _valid0 = _errs2 === errors;
  if (_valid0) {
    valid0 = true;
    passing0 = 0;
  }
  const _errs3 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.tcp === void 0) {
      const err1 = { instancePath, schemaPath: "#/oneOf/1/required", keyword: "required", params: { missingProperty: "tcp" }, message: "must have required property 'tcp'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
  }
  var _valid0 = _errs3 === errors;
  if (_valid0 && valid0) {
    valid0 = false;
    passing0 = [passing0, 1];
  } else {
    if (_valid0) {
      valid0 = true;
      passing0 = 1;
    }
  }
  if (!valid0) {
    const err2 = { instancePath, schemaPath: "#/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf" };
    if (vErrors === null) {
      vErrors = [err2];
    } else {
      vErrors.push(err2);
    }
    errors++;
  } else {
    errors = _errs1;
    if (vErrors !== null) {
      if (_errs1) {
        vErrors.length = _errs1;
      } else {
        vErrors = null;
      }
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "http" || key0 === "tcp")) {
        const err3 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.http !== void 0) {
      let data0 = data.http;
      if (typeof data0 === "string") {
        if (!pattern1.test(data0)) {
          const err4 = { instancePath: instancePath + "/http", schemaPath: "#/definitions/httpUrl/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
      } else {
        const err5 = { instancePath: instancePath + "/http", schemaPath: "#/definitions/httpUrl/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.tcp !== void 0) {
      let data1 = data.tcp;
      if (typeof data1 === "string") {
        if (!pattern1.test(data1)) {
          const err6 = { instancePath: instancePath + "/tcp", schemaPath: "#/definitions/hostPort/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      } else {
        const err7 = { instancePath: instancePath + "/tcp", schemaPath: "#/definitions/hostPort/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
  } else {
    const err8 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  validate18.errors = vErrors;
  return errors === 0;
}
function validate17(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!func2.call(schema18.properties, key0)) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.profile !== void 0) {
      let data0 = data.profile;
      if (!(data0 === "istio" || data0 === "linkerd" || data0 === "envoy" || data0 === "cloud-sql-proxy" || data0 === "dapr" || data0 === "vault" || data0 === "kuma" || data0 === "consul" || data0 === "generic")) {
        const err1 = { instancePath: instancePath + "/profile", schemaPath: "#/properties/profile/enum", keyword: "enum", params: { allowedValues: schema18.properties.profile.enum }, message: "must be equal to one of the allowed values" };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.name !== void 0) {
      let data1 = data.name;
      if (typeof data1 === "string") {
        if (!pattern1.test(data1)) {
          const err2 = { instancePath: instancePath + "/name", schemaPath: "#/definitions/glob/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      } else {
        const err3 = { instancePath: instancePath + "/name", schemaPath: "#/definitions/glob/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.image !== void 0) {
      let data2 = data.image;
      if (typeof data2 === "string") {
        if (!pattern1.test(data2)) {
          const err4 = { instancePath: instancePath + "/image", schemaPath: "#/definitions/glob/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
      } else {
        const err5 = { instancePath: instancePath + "/image", schemaPath: "#/definitions/glob/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.strategy !== void 0) {
      let data3 = data.strategy;
      if (!(data3 === "auto" || data3 === "native" || data3 === "postStart" || data3 === "wrap" || data3 === "first")) {
        const err6 = { instancePath: instancePath + "/strategy", schemaPath: "#/properties/strategy/enum", keyword: "enum", params: { allowedValues: schema18.properties.strategy.enum }, message: "must be equal to one of the allowed values" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.readiness !== void 0) {
      if (!validate18(data.readiness, { instancePath: instancePath + "/readiness", parentData: data, parentDataProperty: "readiness", rootData })) {
        vErrors = vErrors === null ? validate18.errors : vErrors.concat(validate18.errors);
        errors = vErrors.length;
      }
    }
    if (data.waitCommand !== void 0) {
      let data5 = data.waitCommand;
      if (Array.isArray(data5)) {
        if (data5.length < 1) {
          const err7 = { instancePath: instancePath + "/waitCommand", schemaPath: "#/properties/waitCommand/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        const len0 = data5.length;
        for (let i0 = 0; i0 < len0; i0++) {
          if (typeof data5[i0] !== "string") {
            const err8 = { instancePath: instancePath + "/waitCommand/" + i0, schemaPath: "#/properties/waitCommand/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err8];
            } else {
              vErrors.push(err8);
            }
            errors++;
          }
        }
      } else {
        const err9 = { instancePath: instancePath + "/waitCommand", schemaPath: "#/properties/waitCommand/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.shutdown !== void 0) {
      let data7 = data.shutdown;
      const _errs17 = errors;
      let valid5 = false;
      let passing0 = null;
      const _errs18 = errors;
      if (data7 && typeof data7 == "object" && !Array.isArray(data7)) {
        if (data7.http === void 0) {
          const err10 = { instancePath: instancePath + "/shutdown", schemaPath: "#/properties/shutdown/oneOf/0/required", keyword: "required", params: { missingProperty: "http" }, message: "must have required property 'http'" };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      }
      var _valid0 = _errs18 === errors;
      if (_valid0) {
        valid5 = true;
        passing0 = 0;
      }
      const _errs19 = errors;
      if (data7 && typeof data7 == "object" && !Array.isArray(data7)) {
        if (data7.signal === void 0) {
          const err11 = { instancePath: instancePath + "/shutdown", schemaPath: "#/properties/shutdown/oneOf/1/required", keyword: "required", params: { missingProperty: "signal" }, message: "must have required property 'signal'" };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
      }
      var _valid0 = _errs19 === errors;
      if (_valid0 && valid5) {
        valid5 = false;
        passing0 = [passing0, 1];
      } else {
        if (_valid0) {
          valid5 = true;
          passing0 = 1;
        }
      }
      if (!valid5) {
        const err12 = { instancePath: instancePath + "/shutdown", schemaPath: "#/properties/shutdown/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf" };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      } else {
        errors = _errs17;
        if (vErrors !== null) {
          if (_errs17) {
            vErrors.length = _errs17;
          } else {
            vErrors = null;
          }
        }
      }
      if (data7 && typeof data7 == "object" && !Array.isArray(data7)) {
        for (const key1 in data7) {
          if (!(key1 === "http" || key1 === "method" || key1 === "signal")) {
            const err13 = { instancePath: instancePath + "/shutdown", schemaPath: "#/properties/shutdown/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err13];
            } else {
              vErrors.push(err13);
            }
            errors++;
          }
        }
        if (data7.method !== void 0) {
          if (data7.http === void 0) {
            const err14 = { instancePath: instancePath + "/shutdown", schemaPath: "#/properties/shutdown/dependencies", keyword: "dependencies", params: {
              property: "method",
              missingProperty: "http",
              depsCount: 1,
              deps: "http"
            }, message: "must have property http when property method is present" };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          }
        }
        if (data7.http !== void 0) {
          let data8 = data7.http;
          if (typeof data8 === "string") {
            if (!pattern1.test(data8)) {
              const err15 = { instancePath: instancePath + "/shutdown/http", schemaPath: "#/definitions/httpUrl/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
              if (vErrors === null) {
                vErrors = [err15];
              } else {
                vErrors.push(err15);
              }
              errors++;
            }
          } else {
            const err16 = { instancePath: instancePath + "/shutdown/http", schemaPath: "#/definitions/httpUrl/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
        }
        if (data7.method !== void 0) {
          let data9 = data7.method;
          if (!(data9 === "POST" || data9 === "GET")) {
            const err17 = { instancePath: instancePath + "/shutdown/method", schemaPath: "#/properties/shutdown/properties/method/enum", keyword: "enum", params: { allowedValues: schema18.properties.shutdown.properties.method.enum }, message: "must be equal to one of the allowed values" };
            if (vErrors === null) {
              vErrors = [err17];
            } else {
              vErrors.push(err17);
            }
            errors++;
          }
        }
        if (data7.signal !== void 0) {
          let data10 = data7.signal;
          if (data10 && typeof data10 == "object" && !Array.isArray(data10)) {
            if (data10.process === void 0) {
              const err18 = { instancePath: instancePath + "/shutdown/signal", schemaPath: "#/properties/shutdown/properties/signal/required", keyword: "required", params: { missingProperty: "process" }, message: "must have required property 'process'" };
              if (vErrors === null) {
                vErrors = [err18];
              } else {
                vErrors.push(err18);
              }
              errors++;
            }
            for (const key2 in data10) {
              if (!(key2 === "process")) {
                const err19 = { instancePath: instancePath + "/shutdown/signal", schemaPath: "#/properties/shutdown/properties/signal/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err19];
                } else {
                  vErrors.push(err19);
                }
                errors++;
              }
            }
            if (data10.process !== void 0) {
              let data11 = data10.process;
              if (typeof data11 === "string") {
                if (!pattern1.test(data11)) {
                  const err20 = { instancePath: instancePath + "/shutdown/signal/process", schemaPath: "#/properties/shutdown/properties/signal/properties/process/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                  if (vErrors === null) {
                    vErrors = [err20];
                  } else {
                    vErrors.push(err20);
                  }
                  errors++;
                }
              } else {
                const err21 = { instancePath: instancePath + "/shutdown/signal/process", schemaPath: "#/properties/shutdown/properties/signal/properties/process/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              }
            }
          } else {
            const err22 = { instancePath: instancePath + "/shutdown/signal", schemaPath: "#/properties/shutdown/properties/signal/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err22];
            } else {
              vErrors.push(err22);
            }
            errors++;
          }
        }
      } else {
        const err23 = { instancePath: instancePath + "/shutdown", schemaPath: "#/properties/shutdown/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
    }
    if (data.timeoutSeconds !== void 0) {
      let data12 = data.timeoutSeconds;
      if (!(typeof data12 == "number" && (!(data12 % 1) && !isNaN(data12)) && isFinite(data12))) {
        const err24 = { instancePath: instancePath + "/timeoutSeconds", schemaPath: "#/properties/timeoutSeconds/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
      if (typeof data12 == "number" && isFinite(data12)) {
        if (data12 > 86400 || isNaN(data12)) {
          const err25 = { instancePath: instancePath + "/timeoutSeconds", schemaPath: "#/properties/timeoutSeconds/maximum", keyword: "maximum", params: { comparison: "<=", limit: 86400 }, message: "must be <= 86400" };
          if (vErrors === null) {
            vErrors = [err25];
          } else {
            vErrors.push(err25);
          }
          errors++;
        }
        if (data12 < 1 || isNaN(data12)) {
          const err26 = { instancePath: instancePath + "/timeoutSeconds", schemaPath: "#/properties/timeoutSeconds/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1" };
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
      }
    }
    if (data.onTimeout !== void 0) {
      let data13 = data.onTimeout;
      if (!(data13 === "fail" || data13 === "continue")) {
        const err27 = { instancePath: instancePath + "/onTimeout", schemaPath: "#/properties/onTimeout/enum", keyword: "enum", params: { allowedValues: schema18.properties.onTimeout.enum }, message: "must be equal to one of the allowed values" };
        if (vErrors === null) {
          vErrors = [err27];
        } else {
          vErrors.push(err27);
        }
        errors++;
      }
    }
  } else {
    const err28 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err28];
    } else {
      vErrors.push(err28);
    }
    errors++;
  }
  validate17.errors = vErrors;
  return errors === 0;
}
var pattern18 = new RegExp("^[a-z0-9]([-a-z0-9]{0,52}[a-z0-9])?$", "u");
function validate21(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  const _errs1 = errors;
  let valid0 = false;
  let passing0 = null;
  const _errs2 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.http === void 0) {
      const err0 = { instancePath, schemaPath: "#/oneOf/0/required", keyword: "required", params: { missingProperty: "http" }, message: "must have required property 'http'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
  }
  var _valid0 = _errs2 === errors;
  if (_valid0) {
    valid0 = true;
    passing0 = 0;
  }
  const _errs3 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.tcp === void 0) {
      const err1 = { instancePath, schemaPath: "#/oneOf/1/required", keyword: "required", params: { missingProperty: "tcp" }, message: "must have required property 'tcp'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
  }
  var _valid0 = _errs3 === errors;
  if (_valid0 && valid0) {
    valid0 = false;
    passing0 = [passing0, 1];
  } else {
    if (_valid0) {
      valid0 = true;
      passing0 = 1;
    }
    const _errs4 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.dns === void 0) {
        const err2 = { instancePath, schemaPath: "#/oneOf/2/required", keyword: "required", params: { missingProperty: "dns" }, message: "must have required property 'dns'" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    var _valid0 = _errs4 === errors;
    if (_valid0 && valid0) {
      valid0 = false;
      passing0 = [passing0, 2];
    } else {
      if (_valid0) {
        valid0 = true;
        passing0 = 2;
      }
    }
  }
  if (!valid0) {
    const err3 = { instancePath, schemaPath: "#/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf" };
    if (vErrors === null) {
      vErrors = [err3];
    } else {
      vErrors.push(err3);
    }
    errors++;
  } else {
    errors = _errs1;
    if (vErrors !== null) {
      if (_errs1) {
        vErrors.length = _errs1;
      } else {
        vErrors = null;
      }
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "name" || key0 === "http" || key0 === "tcp" || key0 === "dns" || key0 === "timeoutSeconds" || key0 === "periodSeconds" || key0 === "selector")) {
        const err4 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.name !== void 0) {
      let data0 = data.name;
      if (typeof data0 === "string") {
        if (!pattern18.test(data0)) {
          const err5 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/pattern", keyword: "pattern", params: { pattern: "^[a-z0-9]([-a-z0-9]{0,52}[a-z0-9])?$" }, message: 'must match pattern "^[a-z0-9]([-a-z0-9]{0,52}[a-z0-9])?$"' };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.http !== void 0) {
      let data1 = data.http;
      if (typeof data1 === "string") {
        if (!pattern1.test(data1)) {
          const err7 = { instancePath: instancePath + "/http", schemaPath: "#/definitions/httpUrl/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      } else {
        const err8 = { instancePath: instancePath + "/http", schemaPath: "#/definitions/httpUrl/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.tcp !== void 0) {
      let data2 = data.tcp;
      if (typeof data2 === "string") {
        if (!pattern1.test(data2)) {
          const err9 = { instancePath: instancePath + "/tcp", schemaPath: "#/definitions/hostPort/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      } else {
        const err10 = { instancePath: instancePath + "/tcp", schemaPath: "#/definitions/hostPort/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.dns !== void 0) {
      let data3 = data.dns;
      if (typeof data3 === "string") {
        if (!pattern1.test(data3)) {
          const err11 = { instancePath: instancePath + "/dns", schemaPath: "#/properties/dns/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
      } else {
        const err12 = { instancePath: instancePath + "/dns", schemaPath: "#/properties/dns/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.timeoutSeconds !== void 0) {
      let data4 = data.timeoutSeconds;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)) && isFinite(data4))) {
        const err13 = { instancePath: instancePath + "/timeoutSeconds", schemaPath: "#/properties/timeoutSeconds/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
      if (typeof data4 == "number" && isFinite(data4)) {
        if (data4 > 86400 || isNaN(data4)) {
          const err14 = { instancePath: instancePath + "/timeoutSeconds", schemaPath: "#/properties/timeoutSeconds/maximum", keyword: "maximum", params: { comparison: "<=", limit: 86400 }, message: "must be <= 86400" };
          if (vErrors === null) {
            vErrors = [err14];
          } else {
            vErrors.push(err14);
          }
          errors++;
        }
        if (data4 < 0 || isNaN(data4)) {
          const err15 = { instancePath: instancePath + "/timeoutSeconds", schemaPath: "#/properties/timeoutSeconds/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
      }
    }
    if (data.periodSeconds !== void 0) {
      let data5 = data.periodSeconds;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)) && isFinite(data5))) {
        const err16 = { instancePath: instancePath + "/periodSeconds", schemaPath: "#/properties/periodSeconds/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
      if (typeof data5 == "number" && isFinite(data5)) {
        if (data5 > 3600 || isNaN(data5)) {
          const err17 = { instancePath: instancePath + "/periodSeconds", schemaPath: "#/properties/periodSeconds/maximum", keyword: "maximum", params: { comparison: "<=", limit: 3600 }, message: "must be <= 3600" };
          if (vErrors === null) {
            vErrors = [err17];
          } else {
            vErrors.push(err17);
          }
          errors++;
        }
        if (data5 < 1 || isNaN(data5)) {
          const err18 = { instancePath: instancePath + "/periodSeconds", schemaPath: "#/properties/periodSeconds/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1" };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
      }
    }
    if (data.selector !== void 0) {
      if (!validate11(data.selector, { instancePath: instancePath + "/selector", parentData: data, parentDataProperty: "selector", rootData })) {
        vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
        errors = vErrors.length;
      }
    }
  } else {
    const err19 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err19];
    } else {
      vErrors.push(err19);
    }
    errors++;
  }
  validate21.errors = vErrors;
  return errors === 0;
}
function validate10(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.apiVersion === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "apiVersion" }, message: "must have required property 'apiVersion'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.kind === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "kind" }, message: "must have required property 'kind'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "apiVersion" || key0 === "kind" || key0 === "metadata" || key0 === "spec")) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.apiVersion !== void 0) {
      if ("fn.pod-sequencer.dev/v1alpha1" !== data.apiVersion) {
        const err3 = { instancePath: instancePath + "/apiVersion", schemaPath: "#/properties/apiVersion/const", keyword: "const", params: { allowedValue: "fn.pod-sequencer.dev/v1alpha1" }, message: "must be equal to constant" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.kind !== void 0) {
      if ("PodSequence" !== data.kind) {
        const err4 = { instancePath: instancePath + "/kind", schemaPath: "#/properties/kind/const", keyword: "const", params: { allowedValue: "PodSequence" }, message: "must be equal to constant" };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.metadata !== void 0) {
      let data2 = data.metadata;
      if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
        if (data2.name !== void 0) {
          if (typeof data2.name !== "string") {
            const err5 = { instancePath: instancePath + "/metadata/name", schemaPath: "#/properties/metadata/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
        }
        if (data2.namespace !== void 0) {
          if (typeof data2.namespace !== "string") {
            const err6 = { instancePath: instancePath + "/metadata/namespace", schemaPath: "#/properties/metadata/properties/namespace/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err6];
            } else {
              vErrors.push(err6);
            }
            errors++;
          }
        }
        if (data2.labels !== void 0) {
          let data5 = data2.labels;
          if (data5 && typeof data5 == "object" && !Array.isArray(data5)) {
            for (const key1 in data5) {
              if (typeof data5[key1] !== "string") {
                const err7 = { instancePath: instancePath + "/metadata/labels/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/stringMap/additionalProperties/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err7];
                } else {
                  vErrors.push(err7);
                }
                errors++;
              }
            }
          } else {
            const err8 = { instancePath: instancePath + "/metadata/labels", schemaPath: "#/definitions/stringMap/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err8];
            } else {
              vErrors.push(err8);
            }
            errors++;
          }
        }
        if (data2.annotations !== void 0) {
          let data7 = data2.annotations;
          if (data7 && typeof data7 == "object" && !Array.isArray(data7)) {
            for (const key2 in data7) {
              if (typeof data7[key2] !== "string") {
                const err9 = { instancePath: instancePath + "/metadata/annotations/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/stringMap/additionalProperties/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err9];
                } else {
                  vErrors.push(err9);
                }
                errors++;
              }
            }
          } else {
            const err10 = { instancePath: instancePath + "/metadata/annotations", schemaPath: "#/definitions/stringMap/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err10];
            } else {
              vErrors.push(err10);
            }
            errors++;
          }
        }
      } else {
        const err11 = { instancePath: instancePath + "/metadata", schemaPath: "#/properties/metadata/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.spec !== void 0) {
      let data9 = data.spec;
      if (data9 && typeof data9 == "object" && !Array.isArray(data9)) {
        for (const key3 in data9) {
          if (!func2.call(schema11.properties.spec.properties, key3)) {
            const err12 = { instancePath: instancePath + "/spec", schemaPath: "#/properties/spec/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
        }
        if (data9.mode !== void 0) {
          let data10 = data9.mode;
          if (!(data10 === "apply" || data10 === "check")) {
            const err13 = { instancePath: instancePath + "/spec/mode", schemaPath: "#/properties/spec/properties/mode/enum", keyword: "enum", params: { allowedValues: schema11.properties.spec.properties.mode.enum }, message: "must be equal to one of the allowed values" };
            if (vErrors === null) {
              vErrors = [err13];
            } else {
              vErrors.push(err13);
            }
            errors++;
          }
        }
        if (data9.kubernetesVersion !== void 0) {
          let data11 = data9.kubernetesVersion;
          if (typeof data11 === "string") {
            if (!pattern0.test(data11)) {
              const err14 = { instancePath: instancePath + "/spec/kubernetesVersion", schemaPath: "#/properties/spec/properties/kubernetesVersion/pattern", keyword: "pattern", params: { pattern: "^1\\.\\d+$" }, message: 'must match pattern "^1\\.\\d+$"' };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
          } else {
            const err15 = { instancePath: instancePath + "/spec/kubernetesVersion", schemaPath: "#/properties/spec/properties/kubernetesVersion/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
        }
        if (data9.selector !== void 0) {
          if (!validate11(data9.selector, { instancePath: instancePath + "/spec/selector", parentData: data9, parentDataProperty: "selector", rootData })) {
            vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
            errors = vErrors.length;
          }
        }
        if (data9.exclude !== void 0) {
          if (!validate11(data9.exclude, { instancePath: instancePath + "/spec/exclude", parentData: data9, parentDataProperty: "exclude", rootData })) {
            vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
            errors = vErrors.length;
          }
        }
        if (data9.workloadKinds !== void 0) {
          let data14 = data9.workloadKinds;
          if (Array.isArray(data14)) {
            const len0 = data14.length;
            for (let i0 = 0; i0 < len0; i0++) {
              let data15 = data14[i0];
              if (data15 && typeof data15 == "object" && !Array.isArray(data15)) {
                if (data15.apiVersion === void 0) {
                  const err16 = { instancePath: instancePath + "/spec/workloadKinds/" + i0, schemaPath: "#/properties/spec/properties/workloadKinds/items/required", keyword: "required", params: { missingProperty: "apiVersion" }, message: "must have required property 'apiVersion'" };
                  if (vErrors === null) {
                    vErrors = [err16];
                  } else {
                    vErrors.push(err16);
                  }
                  errors++;
                }
                if (data15.kind === void 0) {
                  const err17 = { instancePath: instancePath + "/spec/workloadKinds/" + i0, schemaPath: "#/properties/spec/properties/workloadKinds/items/required", keyword: "required", params: { missingProperty: "kind" }, message: "must have required property 'kind'" };
                  if (vErrors === null) {
                    vErrors = [err17];
                  } else {
                    vErrors.push(err17);
                  }
                  errors++;
                }
                if (data15.podTemplatePath === void 0) {
                  const err18 = { instancePath: instancePath + "/spec/workloadKinds/" + i0, schemaPath: "#/properties/spec/properties/workloadKinds/items/required", keyword: "required", params: { missingProperty: "podTemplatePath" }, message: "must have required property 'podTemplatePath'" };
                  if (vErrors === null) {
                    vErrors = [err18];
                  } else {
                    vErrors.push(err18);
                  }
                  errors++;
                }
                for (const key4 in data15) {
                  if (!(key4 === "apiVersion" || key4 === "kind" || key4 === "podTemplatePath" || key4 === "runsToCompletion" || key4 === "sidecarsEndedBy")) {
                    const err19 = { instancePath: instancePath + "/spec/workloadKinds/" + i0, schemaPath: "#/properties/spec/properties/workloadKinds/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err19];
                    } else {
                      vErrors.push(err19);
                    }
                    errors++;
                  }
                }
                if (data15.apiVersion !== void 0) {
                  let data16 = data15.apiVersion;
                  if (typeof data16 === "string") {
                    if (!pattern1.test(data16)) {
                      const err20 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/apiVersion", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/apiVersion/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                      if (vErrors === null) {
                        vErrors = [err20];
                      } else {
                        vErrors.push(err20);
                      }
                      errors++;
                    }
                  } else {
                    const err21 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/apiVersion", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/apiVersion/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err21];
                    } else {
                      vErrors.push(err21);
                    }
                    errors++;
                  }
                }
                if (data15.kind !== void 0) {
                  let data17 = data15.kind;
                  if (typeof data17 === "string") {
                    if (!pattern1.test(data17)) {
                      const err22 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/kind", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/kind/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                      if (vErrors === null) {
                        vErrors = [err22];
                      } else {
                        vErrors.push(err22);
                      }
                      errors++;
                    }
                  } else {
                    const err23 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/kind", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/kind/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err23];
                    } else {
                      vErrors.push(err23);
                    }
                    errors++;
                  }
                }
                if (data15.podTemplatePath !== void 0) {
                  let data18 = data15.podTemplatePath;
                  if (typeof data18 === "string") {
                    if (!pattern5.test(data18)) {
                      const err24 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/podTemplatePath", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/podTemplatePath/pattern", keyword: "pattern", params: { pattern: "^(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?)(\\.(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?))*$" }, message: 'must match pattern "^(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?)(\\.(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?))*$"' };
                      if (vErrors === null) {
                        vErrors = [err24];
                      } else {
                        vErrors.push(err24);
                      }
                      errors++;
                    }
                  } else {
                    const err25 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/podTemplatePath", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/podTemplatePath/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err25];
                    } else {
                      vErrors.push(err25);
                    }
                    errors++;
                  }
                }
                if (data15.runsToCompletion !== void 0) {
                  if (typeof data15.runsToCompletion !== "boolean") {
                    const err26 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/runsToCompletion", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/runsToCompletion/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err26];
                    } else {
                      vErrors.push(err26);
                    }
                    errors++;
                  }
                }
                if (data15.sidecarsEndedBy !== void 0) {
                  let data20 = data15.sidecarsEndedBy;
                  if (!(data20 === "tool" || data20 === "controller" || data20 === "nobody")) {
                    const err27 = { instancePath: instancePath + "/spec/workloadKinds/" + i0 + "/sidecarsEndedBy", schemaPath: "#/properties/spec/properties/workloadKinds/items/properties/sidecarsEndedBy/enum", keyword: "enum", params: { allowedValues: schema11.properties.spec.properties.workloadKinds.items.properties.sidecarsEndedBy.enum }, message: "must be equal to one of the allowed values" };
                    if (vErrors === null) {
                      vErrors = [err27];
                    } else {
                      vErrors.push(err27);
                    }
                    errors++;
                  }
                }
              } else {
                const err28 = { instancePath: instancePath + "/spec/workloadKinds/" + i0, schemaPath: "#/properties/spec/properties/workloadKinds/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err28];
                } else {
                  vErrors.push(err28);
                }
                errors++;
              }
            }
          } else {
            const err29 = { instancePath: instancePath + "/spec/workloadKinds", schemaPath: "#/properties/spec/properties/workloadKinds/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err29];
            } else {
              vErrors.push(err29);
            }
            errors++;
          }
        }
        if (data9.sidecars !== void 0) {
          let data21 = data9.sidecars;
          if (Array.isArray(data21)) {
            const len1 = data21.length;
            for (let i1 = 0; i1 < len1; i1++) {
              if (!validate17(data21[i1], { instancePath: instancePath + "/spec/sidecars/" + i1, parentData: data21, parentDataProperty: i1, rootData })) {
                vErrors = vErrors === null ? validate17.errors : vErrors.concat(validate17.errors);
                errors = vErrors.length;
              }
            }
          } else {
            const err30 = { instancePath: instancePath + "/spec/sidecars", schemaPath: "#/properties/spec/properties/sidecars/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err30];
            } else {
              vErrors.push(err30);
            }
            errors++;
          }
        }
        if (data9.mesh !== void 0) {
          let data23 = data9.mesh;
          if (data23 && typeof data23 == "object" && !Array.isArray(data23)) {
            for (const key5 in data23) {
              if (!(key5 === "istio" || key5 === "linkerd" || key5 === "kuma" || key5 === "dapr" || key5 === "vault" || key5 === "consul")) {
                const err31 = { instancePath: instancePath + "/spec/mesh", schemaPath: "#/properties/spec/properties/mesh/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key5 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err31];
                } else {
                  vErrors.push(err31);
                }
                errors++;
              }
            }
            if (data23.istio !== void 0) {
              let data24 = data23.istio;
              if (data24 && typeof data24 == "object" && !Array.isArray(data24)) {
                for (const key6 in data24) {
                  if (!(key6 === "enabled" || key6 === "hold" || key6 === "native" || key6 === "version")) {
                    const err32 = { instancePath: instancePath + "/spec/mesh/istio", schemaPath: "#/properties/spec/properties/mesh/properties/istio/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key6 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err32];
                    } else {
                      vErrors.push(err32);
                    }
                    errors++;
                  }
                }
                if (data24.enabled !== void 0) {
                  if (typeof data24.enabled !== "boolean") {
                    const err33 = { instancePath: instancePath + "/spec/mesh/istio/enabled", schemaPath: "#/properties/spec/properties/mesh/properties/istio/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err33];
                    } else {
                      vErrors.push(err33);
                    }
                    errors++;
                  }
                }
                if (data24.hold !== void 0) {
                  if (typeof data24.hold !== "boolean") {
                    const err34 = { instancePath: instancePath + "/spec/mesh/istio/hold", schemaPath: "#/properties/spec/properties/mesh/properties/istio/properties/hold/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err34];
                    } else {
                      vErrors.push(err34);
                    }
                    errors++;
                  }
                }
                if (data24.native !== void 0) {
                  let data27 = data24.native;
                  if (!(data27 === "auto" || data27 === true || data27 === false)) {
                    const err35 = { instancePath: instancePath + "/spec/mesh/istio/native", schemaPath: "#/properties/spec/properties/mesh/properties/istio/properties/native/enum", keyword: "enum", params: { allowedValues: schema11.properties.spec.properties.mesh.properties.istio.properties.native.enum }, message: "must be equal to one of the allowed values" };
                    if (vErrors === null) {
                      vErrors = [err35];
                    } else {
                      vErrors.push(err35);
                    }
                    errors++;
                  }
                }
                if (data24.version !== void 0) {
                  let data28 = data24.version;
                  if (typeof data28 === "string") {
                    if (!pattern12.test(data28)) {
                      const err36 = { instancePath: instancePath + "/spec/mesh/istio/version", schemaPath: "#/properties/spec/properties/mesh/properties/istio/properties/version/pattern", keyword: "pattern", params: { pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$" }, message: 'must match pattern "^v?\\d+\\.\\d+(\\.\\d+)?$"' };
                      if (vErrors === null) {
                        vErrors = [err36];
                      } else {
                        vErrors.push(err36);
                      }
                      errors++;
                    }
                  } else {
                    const err37 = { instancePath: instancePath + "/spec/mesh/istio/version", schemaPath: "#/properties/spec/properties/mesh/properties/istio/properties/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err37];
                    } else {
                      vErrors.push(err37);
                    }
                    errors++;
                  }
                }
              } else {
                const err38 = { instancePath: instancePath + "/spec/mesh/istio", schemaPath: "#/properties/spec/properties/mesh/properties/istio/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err38];
                } else {
                  vErrors.push(err38);
                }
                errors++;
              }
            }
            if (data23.linkerd !== void 0) {
              let data29 = data23.linkerd;
              if (data29 && typeof data29 == "object" && !Array.isArray(data29)) {
                for (const key7 in data29) {
                  if (!(key7 === "enabled" || key7 === "await" || key7 === "native" || key7 === "shutdown" || key7 === "version")) {
                    const err39 = { instancePath: instancePath + "/spec/mesh/linkerd", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key7 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err39];
                    } else {
                      vErrors.push(err39);
                    }
                    errors++;
                  }
                }
                if (data29.enabled !== void 0) {
                  if (typeof data29.enabled !== "boolean") {
                    const err40 = { instancePath: instancePath + "/spec/mesh/linkerd/enabled", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err40];
                    } else {
                      vErrors.push(err40);
                    }
                    errors++;
                  }
                }
                if (data29.await !== void 0) {
                  if (typeof data29.await !== "boolean") {
                    const err41 = { instancePath: instancePath + "/spec/mesh/linkerd/await", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/properties/await/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err41];
                    } else {
                      vErrors.push(err41);
                    }
                    errors++;
                  }
                }
                if (data29.native !== void 0) {
                  let data32 = data29.native;
                  if (!(data32 === "auto" || data32 === true || data32 === false)) {
                    const err42 = { instancePath: instancePath + "/spec/mesh/linkerd/native", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/properties/native/enum", keyword: "enum", params: { allowedValues: schema11.properties.spec.properties.mesh.properties.linkerd.properties.native.enum }, message: "must be equal to one of the allowed values" };
                    if (vErrors === null) {
                      vErrors = [err42];
                    } else {
                      vErrors.push(err42);
                    }
                    errors++;
                  }
                }
                if (data29.shutdown !== void 0) {
                  if (typeof data29.shutdown !== "boolean") {
                    const err43 = { instancePath: instancePath + "/spec/mesh/linkerd/shutdown", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/properties/shutdown/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err43];
                    } else {
                      vErrors.push(err43);
                    }
                    errors++;
                  }
                }
                if (data29.version !== void 0) {
                  let data34 = data29.version;
                  if (typeof data34 === "string") {
                    if (!pattern1.test(data34)) {
                      const err44 = { instancePath: instancePath + "/spec/mesh/linkerd/version", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/properties/version/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                      if (vErrors === null) {
                        vErrors = [err44];
                      } else {
                        vErrors.push(err44);
                      }
                      errors++;
                    }
                  } else {
                    const err45 = { instancePath: instancePath + "/spec/mesh/linkerd/version", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/properties/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err45];
                    } else {
                      vErrors.push(err45);
                    }
                    errors++;
                  }
                }
              } else {
                const err46 = { instancePath: instancePath + "/spec/mesh/linkerd", schemaPath: "#/properties/spec/properties/mesh/properties/linkerd/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err46];
                } else {
                  vErrors.push(err46);
                }
                errors++;
              }
            }
            if (data23.kuma !== void 0) {
              let data35 = data23.kuma;
              if (data35 && typeof data35 == "object" && !Array.isArray(data35)) {
                for (const key8 in data35) {
                  if (!(key8 === "enabled" || key8 === "waitReady" || key8 === "version")) {
                    const err47 = { instancePath: instancePath + "/spec/mesh/kuma", schemaPath: "#/properties/spec/properties/mesh/properties/kuma/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key8 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err47];
                    } else {
                      vErrors.push(err47);
                    }
                    errors++;
                  }
                }
                if (data35.enabled !== void 0) {
                  if (typeof data35.enabled !== "boolean") {
                    const err48 = { instancePath: instancePath + "/spec/mesh/kuma/enabled", schemaPath: "#/properties/spec/properties/mesh/properties/kuma/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err48];
                    } else {
                      vErrors.push(err48);
                    }
                    errors++;
                  }
                }
                if (data35.waitReady !== void 0) {
                  if (typeof data35.waitReady !== "boolean") {
                    const err49 = { instancePath: instancePath + "/spec/mesh/kuma/waitReady", schemaPath: "#/properties/spec/properties/mesh/properties/kuma/properties/waitReady/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err49];
                    } else {
                      vErrors.push(err49);
                    }
                    errors++;
                  }
                }
                if (data35.version !== void 0) {
                  let data38 = data35.version;
                  if (typeof data38 === "string") {
                    if (!pattern12.test(data38)) {
                      const err50 = { instancePath: instancePath + "/spec/mesh/kuma/version", schemaPath: "#/properties/spec/properties/mesh/properties/kuma/properties/version/pattern", keyword: "pattern", params: { pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$" }, message: 'must match pattern "^v?\\d+\\.\\d+(\\.\\d+)?$"' };
                      if (vErrors === null) {
                        vErrors = [err50];
                      } else {
                        vErrors.push(err50);
                      }
                      errors++;
                    }
                  } else {
                    const err51 = { instancePath: instancePath + "/spec/mesh/kuma/version", schemaPath: "#/properties/spec/properties/mesh/properties/kuma/properties/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err51];
                    } else {
                      vErrors.push(err51);
                    }
                    errors++;
                  }
                }
              } else {
                const err52 = { instancePath: instancePath + "/spec/mesh/kuma", schemaPath: "#/properties/spec/properties/mesh/properties/kuma/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err52];
                } else {
                  vErrors.push(err52);
                }
                errors++;
              }
            }
            if (data23.dapr !== void 0) {
              let data39 = data23.dapr;
              if (data39 && typeof data39 == "object" && !Array.isArray(data39)) {
                for (const key9 in data39) {
                  if (!(key9 === "enabled" || key9 === "native" || key9 === "shutdown" || key9 === "version")) {
                    const err53 = { instancePath: instancePath + "/spec/mesh/dapr", schemaPath: "#/properties/spec/properties/mesh/properties/dapr/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key9 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err53];
                    } else {
                      vErrors.push(err53);
                    }
                    errors++;
                  }
                }
                if (data39.enabled !== void 0) {
                  if (typeof data39.enabled !== "boolean") {
                    const err54 = { instancePath: instancePath + "/spec/mesh/dapr/enabled", schemaPath: "#/properties/spec/properties/mesh/properties/dapr/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err54];
                    } else {
                      vErrors.push(err54);
                    }
                    errors++;
                  }
                }
                if (data39.native !== void 0) {
                  if (typeof data39.native !== "boolean") {
                    const err55 = { instancePath: instancePath + "/spec/mesh/dapr/native", schemaPath: "#/properties/spec/properties/mesh/properties/dapr/properties/native/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err55];
                    } else {
                      vErrors.push(err55);
                    }
                    errors++;
                  }
                }
                if (data39.shutdown !== void 0) {
                  if (typeof data39.shutdown !== "boolean") {
                    const err56 = { instancePath: instancePath + "/spec/mesh/dapr/shutdown", schemaPath: "#/properties/spec/properties/mesh/properties/dapr/properties/shutdown/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err56];
                    } else {
                      vErrors.push(err56);
                    }
                    errors++;
                  }
                }
                if (data39.version !== void 0) {
                  let data43 = data39.version;
                  if (typeof data43 === "string") {
                    if (!pattern12.test(data43)) {
                      const err57 = { instancePath: instancePath + "/spec/mesh/dapr/version", schemaPath: "#/properties/spec/properties/mesh/properties/dapr/properties/version/pattern", keyword: "pattern", params: { pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$" }, message: 'must match pattern "^v?\\d+\\.\\d+(\\.\\d+)?$"' };
                      if (vErrors === null) {
                        vErrors = [err57];
                      } else {
                        vErrors.push(err57);
                      }
                      errors++;
                    }
                  } else {
                    const err58 = { instancePath: instancePath + "/spec/mesh/dapr/version", schemaPath: "#/properties/spec/properties/mesh/properties/dapr/properties/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err58];
                    } else {
                      vErrors.push(err58);
                    }
                    errors++;
                  }
                }
              } else {
                const err59 = { instancePath: instancePath + "/spec/mesh/dapr", schemaPath: "#/properties/spec/properties/mesh/properties/dapr/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err59];
                } else {
                  vErrors.push(err59);
                }
                errors++;
              }
            }
            if (data23.vault !== void 0) {
              let data44 = data23.vault;
              if (data44 && typeof data44 == "object" && !Array.isArray(data44)) {
                for (const key10 in data44) {
                  if (!(key10 === "enabled" || key10 === "prePopulateOnly" || key10 === "quit" || key10 === "version")) {
                    const err60 = { instancePath: instancePath + "/spec/mesh/vault", schemaPath: "#/properties/spec/properties/mesh/properties/vault/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key10 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err60];
                    } else {
                      vErrors.push(err60);
                    }
                    errors++;
                  }
                }
                if (data44.enabled !== void 0) {
                  if (typeof data44.enabled !== "boolean") {
                    const err61 = { instancePath: instancePath + "/spec/mesh/vault/enabled", schemaPath: "#/properties/spec/properties/mesh/properties/vault/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err61];
                    } else {
                      vErrors.push(err61);
                    }
                    errors++;
                  }
                }
                if (data44.prePopulateOnly !== void 0) {
                  if (typeof data44.prePopulateOnly !== "boolean") {
                    const err62 = { instancePath: instancePath + "/spec/mesh/vault/prePopulateOnly", schemaPath: "#/properties/spec/properties/mesh/properties/vault/properties/prePopulateOnly/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err62];
                    } else {
                      vErrors.push(err62);
                    }
                    errors++;
                  }
                }
                if (data44.quit !== void 0) {
                  if (typeof data44.quit !== "boolean") {
                    const err63 = { instancePath: instancePath + "/spec/mesh/vault/quit", schemaPath: "#/properties/spec/properties/mesh/properties/vault/properties/quit/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err63];
                    } else {
                      vErrors.push(err63);
                    }
                    errors++;
                  }
                }
                if (data44.version !== void 0) {
                  let data48 = data44.version;
                  if (typeof data48 === "string") {
                    if (!pattern12.test(data48)) {
                      const err64 = { instancePath: instancePath + "/spec/mesh/vault/version", schemaPath: "#/properties/spec/properties/mesh/properties/vault/properties/version/pattern", keyword: "pattern", params: { pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$" }, message: 'must match pattern "^v?\\d+\\.\\d+(\\.\\d+)?$"' };
                      if (vErrors === null) {
                        vErrors = [err64];
                      } else {
                        vErrors.push(err64);
                      }
                      errors++;
                    }
                  } else {
                    const err65 = { instancePath: instancePath + "/spec/mesh/vault/version", schemaPath: "#/properties/spec/properties/mesh/properties/vault/properties/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err65];
                    } else {
                      vErrors.push(err65);
                    }
                    errors++;
                  }
                }
              } else {
                const err66 = { instancePath: instancePath + "/spec/mesh/vault", schemaPath: "#/properties/spec/properties/mesh/properties/vault/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err66];
                } else {
                  vErrors.push(err66);
                }
                errors++;
              }
            }
            if (data23.consul !== void 0) {
              let data49 = data23.consul;
              if (data49 && typeof data49 == "object" && !Array.isArray(data49)) {
                for (const key11 in data49) {
                  if (!(key11 === "enabled" || key11 === "native" || key11 === "shutdown" || key11 === "version")) {
                    const err67 = { instancePath: instancePath + "/spec/mesh/consul", schemaPath: "#/properties/spec/properties/mesh/properties/consul/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key11 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err67];
                    } else {
                      vErrors.push(err67);
                    }
                    errors++;
                  }
                }
                if (data49.enabled !== void 0) {
                  if (typeof data49.enabled !== "boolean") {
                    const err68 = { instancePath: instancePath + "/spec/mesh/consul/enabled", schemaPath: "#/properties/spec/properties/mesh/properties/consul/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err68];
                    } else {
                      vErrors.push(err68);
                    }
                    errors++;
                  }
                }
                if (data49.native !== void 0) {
                  let data51 = data49.native;
                  if (!(data51 === "auto" || data51 === true || data51 === false)) {
                    const err69 = { instancePath: instancePath + "/spec/mesh/consul/native", schemaPath: "#/properties/spec/properties/mesh/properties/consul/properties/native/enum", keyword: "enum", params: { allowedValues: schema11.properties.spec.properties.mesh.properties.consul.properties.native.enum }, message: "must be equal to one of the allowed values" };
                    if (vErrors === null) {
                      vErrors = [err69];
                    } else {
                      vErrors.push(err69);
                    }
                    errors++;
                  }
                }
                if (data49.shutdown !== void 0) {
                  if (typeof data49.shutdown !== "boolean") {
                    const err70 = { instancePath: instancePath + "/spec/mesh/consul/shutdown", schemaPath: "#/properties/spec/properties/mesh/properties/consul/properties/shutdown/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                    if (vErrors === null) {
                      vErrors = [err70];
                    } else {
                      vErrors.push(err70);
                    }
                    errors++;
                  }
                }
                if (data49.version !== void 0) {
                  let data53 = data49.version;
                  if (typeof data53 === "string") {
                    if (!pattern12.test(data53)) {
                      const err71 = { instancePath: instancePath + "/spec/mesh/consul/version", schemaPath: "#/properties/spec/properties/mesh/properties/consul/properties/version/pattern", keyword: "pattern", params: { pattern: "^v?\\d+\\.\\d+(\\.\\d+)?$" }, message: 'must match pattern "^v?\\d+\\.\\d+(\\.\\d+)?$"' };
                      if (vErrors === null) {
                        vErrors = [err71];
                      } else {
                        vErrors.push(err71);
                      }
                      errors++;
                    }
                  } else {
                    const err72 = { instancePath: instancePath + "/spec/mesh/consul/version", schemaPath: "#/properties/spec/properties/mesh/properties/consul/properties/version/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err72];
                    } else {
                      vErrors.push(err72);
                    }
                    errors++;
                  }
                }
              } else {
                const err73 = { instancePath: instancePath + "/spec/mesh/consul", schemaPath: "#/properties/spec/properties/mesh/properties/consul/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err73];
                } else {
                  vErrors.push(err73);
                }
                errors++;
              }
            }
          } else {
            const err74 = { instancePath: instancePath + "/spec/mesh", schemaPath: "#/properties/spec/properties/mesh/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err74];
            } else {
              vErrors.push(err74);
            }
            errors++;
          }
        }
        if (data9.dependencies !== void 0) {
          let data54 = data9.dependencies;
          if (Array.isArray(data54)) {
            const len2 = data54.length;
            for (let i2 = 0; i2 < len2; i2++) {
              if (!validate21(data54[i2], { instancePath: instancePath + "/spec/dependencies/" + i2, parentData: data54, parentDataProperty: i2, rootData })) {
                vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
                errors = vErrors.length;
              }
            }
          } else {
            const err75 = { instancePath: instancePath + "/spec/dependencies", schemaPath: "#/properties/spec/properties/dependencies/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err75];
            } else {
              vErrors.push(err75);
            }
            errors++;
          }
        }
        if (data9.jobs !== void 0) {
          let data56 = data9.jobs;
          if (data56 && typeof data56 == "object" && !Array.isArray(data56)) {
            for (const key12 in data56) {
              if (!(key12 === "terminateSidecars" || key12 === "entrypoints")) {
                const err76 = { instancePath: instancePath + "/spec/jobs", schemaPath: "#/properties/spec/properties/jobs/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key12 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err76];
                } else {
                  vErrors.push(err76);
                }
                errors++;
              }
            }
            if (data56.terminateSidecars !== void 0) {
              if (typeof data56.terminateSidecars !== "boolean") {
                const err77 = { instancePath: instancePath + "/spec/jobs/terminateSidecars", schemaPath: "#/properties/spec/properties/jobs/properties/terminateSidecars/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                if (vErrors === null) {
                  vErrors = [err77];
                } else {
                  vErrors.push(err77);
                }
                errors++;
              }
            }
            if (data56.entrypoints !== void 0) {
              let data58 = data56.entrypoints;
              if (Array.isArray(data58)) {
                const len3 = data58.length;
                for (let i3 = 0; i3 < len3; i3++) {
                  let data59 = data58[i3];
                  const _errs126 = errors;
                  let valid24 = false;
                  const _errs127 = errors;
                  if (data59 && typeof data59 == "object" && !Array.isArray(data59)) {
                    if (data59.container === void 0) {
                      const err78 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3, schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/anyOf/0/required", keyword: "required", params: { missingProperty: "container" }, message: "must have required property 'container'" };
                      if (vErrors === null) {
                        vErrors = [err78];
                      } else {
                        vErrors.push(err78);
                      }
                      errors++;
                    }
                  }
                  var _valid0 = _errs127 === errors;
                  valid24 = valid24 || _valid0;
                  if (!valid24) {
                    const _errs128 = errors;
                    if (data59 && typeof data59 == "object" && !Array.isArray(data59)) {
                      if (data59.image === void 0) {
                        const err79 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3, schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/anyOf/1/required", keyword: "required", params: { missingProperty: "image" }, message: "must have required property 'image'" };
                        if (vErrors === null) {
                          vErrors = [err79];
                        } else {
                          vErrors.push(err79);
                        }
                        errors++;
                      }
                    }
                    var _valid0 = _errs128 === errors;
                    valid24 = valid24 || _valid0;
                  }
                  if (!valid24) {
                    const err80 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3, schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                    if (vErrors === null) {
                      vErrors = [err80];
                    } else {
                      vErrors.push(err80);
                    }
                    errors++;
                  } else {
                    errors = _errs126;
                    if (vErrors !== null) {
                      if (_errs126) {
                        vErrors.length = _errs126;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                  if (data59 && typeof data59 == "object" && !Array.isArray(data59)) {
                    if (data59.command === void 0) {
                      const err81 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3, schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/required", keyword: "required", params: { missingProperty: "command" }, message: "must have required property 'command'" };
                      if (vErrors === null) {
                        vErrors = [err81];
                      } else {
                        vErrors.push(err81);
                      }
                      errors++;
                    }
                    for (const key13 in data59) {
                      if (!(key13 === "container" || key13 === "image" || key13 === "command")) {
                        const err82 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3, schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key13 }, message: "must NOT have additional properties" };
                        if (vErrors === null) {
                          vErrors = [err82];
                        } else {
                          vErrors.push(err82);
                        }
                        errors++;
                      }
                    }
                    if (data59.container !== void 0) {
                      let data60 = data59.container;
                      if (typeof data60 === "string") {
                        if (!pattern1.test(data60)) {
                          const err83 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3 + "/container", schemaPath: "#/definitions/glob/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                          if (vErrors === null) {
                            vErrors = [err83];
                          } else {
                            vErrors.push(err83);
                          }
                          errors++;
                        }
                      } else {
                        const err84 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3 + "/container", schemaPath: "#/definitions/glob/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                        if (vErrors === null) {
                          vErrors = [err84];
                        } else {
                          vErrors.push(err84);
                        }
                        errors++;
                      }
                    }
                    if (data59.image !== void 0) {
                      let data61 = data59.image;
                      if (typeof data61 === "string") {
                        if (!pattern1.test(data61)) {
                          const err85 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3 + "/image", schemaPath: "#/definitions/glob/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                          if (vErrors === null) {
                            vErrors = [err85];
                          } else {
                            vErrors.push(err85);
                          }
                          errors++;
                        }
                      } else {
                        const err86 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3 + "/image", schemaPath: "#/definitions/glob/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                        if (vErrors === null) {
                          vErrors = [err86];
                        } else {
                          vErrors.push(err86);
                        }
                        errors++;
                      }
                    }
                    if (data59.command !== void 0) {
                      let data62 = data59.command;
                      if (Array.isArray(data62)) {
                        const len4 = data62.length;
                        for (let i4 = 0; i4 < len4; i4++) {
                          if (typeof data62[i4] !== "string") {
                            const err87 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3 + "/command/" + i4, schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/properties/command/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                            if (vErrors === null) {
                              vErrors = [err87];
                            } else {
                              vErrors.push(err87);
                            }
                            errors++;
                          }
                        }
                      } else {
                        const err88 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3 + "/command", schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/properties/command/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                        if (vErrors === null) {
                          vErrors = [err88];
                        } else {
                          vErrors.push(err88);
                        }
                        errors++;
                      }
                    }
                  } else {
                    const err89 = { instancePath: instancePath + "/spec/jobs/entrypoints/" + i3, schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                    if (vErrors === null) {
                      vErrors = [err89];
                    } else {
                      vErrors.push(err89);
                    }
                    errors++;
                  }
                }
              } else {
                const err90 = { instancePath: instancePath + "/spec/jobs/entrypoints", schemaPath: "#/properties/spec/properties/jobs/properties/entrypoints/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err90];
                } else {
                  vErrors.push(err90);
                }
                errors++;
              }
            }
          } else {
            const err91 = { instancePath: instancePath + "/spec/jobs", schemaPath: "#/properties/spec/properties/jobs/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err91];
            } else {
              vErrors.push(err91);
            }
            errors++;
          }
        }
        if (data9.tools !== void 0) {
          let data64 = data9.tools;
          if (data64 && typeof data64 == "object" && !Array.isArray(data64)) {
            for (const key14 in data64) {
              if (!(key14 === "delivery" || key14 === "image" || key14 === "resources")) {
                const err92 = { instancePath: instancePath + "/spec/tools", schemaPath: "#/properties/spec/properties/tools/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key14 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err92];
                } else {
                  vErrors.push(err92);
                }
                errors++;
              }
            }
            if (data64.delivery !== void 0) {
              let data65 = data64.delivery;
              if (!(data65 === "inject" || data65 === "image")) {
                const err93 = { instancePath: instancePath + "/spec/tools/delivery", schemaPath: "#/properties/spec/properties/tools/properties/delivery/enum", keyword: "enum", params: { allowedValues: schema11.properties.spec.properties.tools.properties.delivery.enum }, message: "must be equal to one of the allowed values" };
                if (vErrors === null) {
                  vErrors = [err93];
                } else {
                  vErrors.push(err93);
                }
                errors++;
              }
            }
            if (data64.image !== void 0) {
              let data66 = data64.image;
              if (typeof data66 === "string") {
                if (!pattern1.test(data66)) {
                  const err94 = { instancePath: instancePath + "/spec/tools/image", schemaPath: "#/properties/spec/properties/tools/properties/image/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                  if (vErrors === null) {
                    vErrors = [err94];
                  } else {
                    vErrors.push(err94);
                  }
                  errors++;
                }
              } else {
                const err95 = { instancePath: instancePath + "/spec/tools/image", schemaPath: "#/properties/spec/properties/tools/properties/image/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err95];
                } else {
                  vErrors.push(err95);
                }
                errors++;
              }
            }
            if (data64.resources !== void 0) {
              let data67 = data64.resources;
              if (data67 && typeof data67 == "object" && !Array.isArray(data67)) {
                for (const key15 in data67) {
                  if (!(key15 === "requests" || key15 === "limits")) {
                    const err96 = { instancePath: instancePath + "/spec/tools/resources", schemaPath: "#/properties/spec/properties/tools/properties/resources/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key15 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err96];
                    } else {
                      vErrors.push(err96);
                    }
                    errors++;
                  }
                }
                if (data67.requests !== void 0) {
                  let data68 = data67.requests;
                  if (data68 && typeof data68 == "object" && !Array.isArray(data68)) {
                    for (const key16 in data68) {
                      let data69 = data68[key16];
                      if (typeof data69 !== "string" && !(typeof data69 == "number" && isFinite(data69))) {
                        const err97 = { instancePath: instancePath + "/spec/tools/resources/requests/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/quantities/additionalProperties/type", keyword: "type", params: { type: schema30.additionalProperties.type }, message: "must be string,number" };
                        if (vErrors === null) {
                          vErrors = [err97];
                        } else {
                          vErrors.push(err97);
                        }
                        errors++;
                      }
                      if (typeof data69 === "string") {
                        if (!pattern25.test(data69)) {
                          const err98 = { instancePath: instancePath + "/spec/tools/resources/requests/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/quantities/additionalProperties/pattern", keyword: "pattern", params: { pattern: "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$" }, message: 'must match pattern "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$"' };
                          if (vErrors === null) {
                            vErrors = [err98];
                          } else {
                            vErrors.push(err98);
                          }
                          errors++;
                        }
                      }
                    }
                  } else {
                    const err99 = { instancePath: instancePath + "/spec/tools/resources/requests", schemaPath: "#/definitions/quantities/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                    if (vErrors === null) {
                      vErrors = [err99];
                    } else {
                      vErrors.push(err99);
                    }
                    errors++;
                  }
                }
                if (data67.limits !== void 0) {
                  let data70 = data67.limits;
                  if (data70 && typeof data70 == "object" && !Array.isArray(data70)) {
                    for (const key17 in data70) {
                      let data71 = data70[key17];
                      if (typeof data71 !== "string" && !(typeof data71 == "number" && isFinite(data71))) {
                        const err100 = { instancePath: instancePath + "/spec/tools/resources/limits/" + key17.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/quantities/additionalProperties/type", keyword: "type", params: { type: schema30.additionalProperties.type }, message: "must be string,number" };
                        if (vErrors === null) {
                          vErrors = [err100];
                        } else {
                          vErrors.push(err100);
                        }
                        errors++;
                      }
                      if (typeof data71 === "string") {
                        if (!pattern25.test(data71)) {
                          const err101 = { instancePath: instancePath + "/spec/tools/resources/limits/" + key17.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/quantities/additionalProperties/pattern", keyword: "pattern", params: { pattern: "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$" }, message: 'must match pattern "^\\+?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$"' };
                          if (vErrors === null) {
                            vErrors = [err101];
                          } else {
                            vErrors.push(err101);
                          }
                          errors++;
                        }
                      }
                    }
                  } else {
                    const err102 = { instancePath: instancePath + "/spec/tools/resources/limits", schemaPath: "#/definitions/quantities/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                    if (vErrors === null) {
                      vErrors = [err102];
                    } else {
                      vErrors.push(err102);
                    }
                    errors++;
                  }
                }
              } else {
                const err103 = { instancePath: instancePath + "/spec/tools/resources", schemaPath: "#/properties/spec/properties/tools/properties/resources/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err103];
                } else {
                  vErrors.push(err103);
                }
                errors++;
              }
            }
          } else {
            const err104 = { instancePath: instancePath + "/spec/tools", schemaPath: "#/properties/spec/properties/tools/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err104];
            } else {
              vErrors.push(err104);
            }
            errors++;
          }
        }
        if (data9.rules !== void 0) {
          let data72 = data9.rules;
          if (data72 && typeof data72 == "object" && !Array.isArray(data72)) {
            for (const key18 in data72) {
              const _errs163 = errors;
              if (!(key18 === "sidecar-not-first" || key18 === "sidecar-no-readiness-gate" || key18 === "job-sidecar-blocks-completion" || key18 === "missing-entrypoint" || key18 === "init-network-under-mesh" || key18 === "process-namespace-sharing" || key18 === "sleep-ordering" || key18 === "native-sidecar-unsupported" || key18 === "dependency-not-awaited" || key18 === "init-container-probe-forbidden" || key18 === "restart-policy-on-container" || key18 === "native-sidecar-startup-probe-never" || key18 === "native-sidecar-prestop" || key18 === "prestop-exceeds-grace-period" || key18 === "onfailure-classic-sidecar" || key18 === "istio-hold-ignored-native" || key18 === "native-sidecar-in-custom-kind" || key18 === "sidecar-stops-before-app" || key18 === "sidecar-read-as-app" || key18 === "pending-change" || key18 === "sidecar-endpoints-unknown" || key18 === "handled-by-script" || key18 === "invalid-suppression" || key18 === "invalid-input" || key18 === "start-order-race" || key18 === "native-sidecar-stuck-init" || key18 === "native-sidecar-stripped" || key18 === "sequencing-drift" || key18 === "kubelet-sidecar-defect" || key18 === "mutating-webhook-reinvocation" || key18 === "admission-webhook-missing")) {
                const err105 = { instancePath: instancePath + "/spec/rules", schemaPath: "#/definitions/ruleId/enum", keyword: "enum", params: { allowedValues: schema32.enum }, message: "must be equal to one of the allowed values", propertyName: key18 };
                if (vErrors === null) {
                  vErrors = [err105];
                } else {
                  vErrors.push(err105);
                }
                errors++;
              }
              var valid36 = _errs163 === errors;
              if (!valid36) {
                const err106 = { instancePath: instancePath + "/spec/rules", schemaPath: "#/properties/spec/properties/rules/propertyNames", keyword: "propertyNames", params: { propertyName: key18 }, message: "property name must be valid" };
                if (vErrors === null) {
                  vErrors = [err106];
                } else {
                  vErrors.push(err106);
                }
                errors++;
              }
            }
            for (const key19 in data72) {
              let data73 = data72[key19];
              if (!(data73 === "off" || data73 === "info" || data73 === "warning" || data73 === "error")) {
                const err107 = { instancePath: instancePath + "/spec/rules/" + key19.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/ruleLevel/enum", keyword: "enum", params: { allowedValues: schema33.enum }, message: "must be equal to one of the allowed values" };
                if (vErrors === null) {
                  vErrors = [err107];
                } else {
                  vErrors.push(err107);
                }
                errors++;
              }
            }
          } else {
            const err108 = { instancePath: instancePath + "/spec/rules", schemaPath: "#/properties/spec/properties/rules/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err108];
            } else {
              vErrors.push(err108);
            }
            errors++;
          }
        }
        if (data9.check !== void 0) {
          let data74 = data9.check;
          if (data74 && typeof data74 == "object" && !Array.isArray(data74)) {
            for (const key20 in data74) {
              if (!(key20 === "failOn" || key20 === "baseline")) {
                const err109 = { instancePath: instancePath + "/spec/check", schemaPath: "#/properties/spec/properties/check/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key20 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err109];
                } else {
                  vErrors.push(err109);
                }
                errors++;
              }
            }
            if (data74.failOn !== void 0) {
              let data75 = data74.failOn;
              if (!(data75 === "error" || data75 === "warning" || data75 === "info" || data75 === "none")) {
                const err110 = { instancePath: instancePath + "/spec/check/failOn", schemaPath: "#/properties/spec/properties/check/properties/failOn/enum", keyword: "enum", params: { allowedValues: schema11.properties.spec.properties.check.properties.failOn.enum }, message: "must be equal to one of the allowed values" };
                if (vErrors === null) {
                  vErrors = [err110];
                } else {
                  vErrors.push(err110);
                }
                errors++;
              }
            }
            if (data74.baseline !== void 0) {
              let data76 = data74.baseline;
              if (typeof data76 === "string") {
                if (!pattern1.test(data76)) {
                  const err111 = { instancePath: instancePath + "/spec/check/baseline", schemaPath: "#/properties/spec/properties/check/properties/baseline/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"' };
                  if (vErrors === null) {
                    vErrors = [err111];
                  } else {
                    vErrors.push(err111);
                  }
                  errors++;
                }
              } else {
                const err112 = { instancePath: instancePath + "/spec/check/baseline", schemaPath: "#/properties/spec/properties/check/properties/baseline/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err112];
                } else {
                  vErrors.push(err112);
                }
                errors++;
              }
            }
          } else {
            const err113 = { instancePath: instancePath + "/spec/check", schemaPath: "#/properties/spec/properties/check/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err113];
            } else {
              vErrors.push(err113);
            }
            errors++;
          }
        }
        if (data9.stopOrder !== void 0) {
          let data77 = data9.stopOrder;
          if (data77 && typeof data77 == "object" && !Array.isArray(data77)) {
            for (const key21 in data77) {
              if (!(key21 === "sidecarsLast")) {
                const err114 = { instancePath: instancePath + "/spec/stopOrder", schemaPath: "#/properties/spec/properties/stopOrder/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key21 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err114];
                } else {
                  vErrors.push(err114);
                }
                errors++;
              }
            }
            if (data77.sidecarsLast !== void 0) {
              if (typeof data77.sidecarsLast !== "boolean") {
                const err115 = { instancePath: instancePath + "/spec/stopOrder/sidecarsLast", schemaPath: "#/properties/spec/properties/stopOrder/properties/sidecarsLast/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean" };
                if (vErrors === null) {
                  vErrors = [err115];
                } else {
                  vErrors.push(err115);
                }
                errors++;
              }
            }
          } else {
            const err116 = { instancePath: instancePath + "/spec/stopOrder", schemaPath: "#/properties/spec/properties/stopOrder/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err116];
            } else {
              vErrors.push(err116);
            }
            errors++;
          }
        }
      } else {
        const err117 = { instancePath: instancePath + "/spec", schemaPath: "#/properties/spec/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err117];
        } else {
          vErrors.push(err117);
        }
        errors++;
      }
    }
  } else {
    const err118 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err118];
    } else {
      vErrors.push(err118);
    }
    errors++;
  }
  validate10.errors = vErrors;
  return errors === 0;
}

// src/config/load.ts
function loadConfig(fnConfig, opts = {}) {
  if (fnConfig === void 0 || fnConfig === null) return { config: defaultConfig(), errors: [] };
  const { spec, problems } = read(fnConfig);
  const errors = dedupe(problems).map((p) => toResult(p, fnConfig, opts));
  return { config: errors.length ? defaultConfig() : resolve(spec), errors };
}
var accepted = `PodSequence (apiVersion ${apiVersion}) or ConfigMap`;
function read(fnConfig) {
  if (!isObject(fnConfig)) {
    return { spec: {}, problems: [{ path: "", text: `the function config must be a ${accepted} object, not ${typeof fnConfig}` }] };
  }
  if (fnConfig.kind === "ConfigMap") {
    const { spec, problems } = specFromConfigMap(fnConfig.data);
    const doc = { apiVersion, kind, spec };
    const derived = [...validated(doc), ...semanticProblems(spec)].map(inConfigMap);
    return { spec, problems: [...problems, ...derived] };
  }
  if (fnConfig.kind === kind) {
    const spec = fnConfig.spec ?? {};
    return { spec, problems: [...validated(fnConfig), ...semanticProblems(spec)] };
  }
  const what = fnConfig.kind === void 0 ? "has no kind" : `kind '${String(fnConfig.kind)}' is not accepted`;
  return { spec: {}, problems: [{ path: "kind", text: `the function config ${what}; use ${accepted}` }] };
}
function inConfigMap(p) {
  const rule = /^spec\.rules\.(.+)$/.exec(p.path);
  const named2 = !rule || p.text.includes(`'${rule[1]}'`);
  return { ...p, path: configMapPath(p.path), ...named2 ? {} : { text: `${rule[1]}: ${p.text}` } };
}
function validated(doc) {
  const data = doc.spec === null ? { ...doc, spec: {} } : doc;
  return validate_generated_default(data) ? [] : schemaProblems(validate_generated_default.errors ?? [], data);
}
function dedupe(problems) {
  const seen = /* @__PURE__ */ new Set();
  return problems.filter((p) => {
    const key = `${p.path}
${p.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
function toResult(p, fnConfig, opts) {
  const result = { message: p.path ? `${p.path}: ${p.text}` : p.text, severity: "error" };
  const ref = refOf(fnConfig);
  if (ref) result.resourceRef = ref;
  if (p.path) result.field = { path: p.path };
  if (opts.source) result.file = { path: opts.source };
  if (p.tags) result.tags = p.tags;
  return result;
}
function refOf(o) {
  if (!isObject(o) || !isObject(o.metadata)) return void 0;
  const { apiVersion: av, kind: k } = o;
  const { name, namespace } = o.metadata;
  if (typeof av !== "string" || typeof k !== "string" || typeof name !== "string") return void 0;
  return typeof namespace === "string" ? { apiVersion: av, kind: k, name, namespace } : { apiVersion: av, kind: k, name };
}

// src/krm/io.ts
var import_yaml5 = __toESM(require_dist(), 1);

// src/yaml/plain.ts
var import_yaml2 = __toESM(require_dist(), 1);
var NON_STRING = [
  // null: 1.1 and 1.2 (the empty text too)
  /^(?:~|null|Null|NULL|)$/,
  // booleans: YAML 1.1 (go-yaml v2 resolve.go, yaml.org/type/bool), which includes 1.2 core
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  // ints: decimal, 1.1 octal (0...), underscores (1.1, and Go's ParseInt after go-yaml strips them)
  /^[-+]?[0-9][0-9_]*$/,
  // ints with a base prefix: 1.1 0b/0x, 1.2 0o/0x, Go's base-0 0b/0o/0x in either case
  /^[-+]?0[bBoOxX][0-9a-fA-F_]*$/,
  // sexagesimal ints and floats (YAML 1.1)
  /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/,
  // floats: YAML 1.1's regexp (`[-+]?([0-9][0-9_]*)?\.[0-9.]*([eE][-+][0-9]+)?`), widened to `_`
  /^[-+]?(?:[0-9][0-9_]*)?\.[0-9._]*(?:[eE][-+]?[0-9_]+)?$/,
  // floats with an exponent and no dot (1.2 core, go-yaml's yamlStyleFloat)
  /^[-+]?[0-9][0-9_]*[eE][-+]?[0-9_]+$/,
  // infinities and NaN (1.1 and 1.2)
  /^[-+]?\.(?:inf|Inf|INF)$/,
  /^\.(?:nan|NaN|NAN)$/,
  // merge key and value key (YAML 1.1)
  /^(?:<<|=)$/,
  // timestamps (YAML 1.1, yaml.org/type/timestamp; js-yaml's default schema too)
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?$/
];
var MAY_RESOLVE = /^(?:[-+.0-9~<=]|[yYnNtTfFoO](?:[a-zA-Z]{0,4})$|$)/;
function resolvesToNonString(s) {
  if (!MAY_RESOLVE.test(s)) return false;
  for (const re of NON_STRING) if (re.test(s)) return true;
  return false;
}
function plainIsSafe(s, flow = false) {
  if (resolvesToNonString(s)) return false;
  if (!/^[\x20-\x7e]+$/.test(s)) return false;
  if (/^[ ,[\]{}#&*!|>'"%@`:]|^[?-](?: |$)|: | #| $|:$/.test(s)) return false;
  if (flow && /[?,[\]{}]/.test(s)) return false;
  return true;
}
function quoteForReaders(node, written, flow = false) {
  if ((0, import_yaml2.isScalar)(node)) {
    if (written(node)) quoteScalar(node, flow);
  } else if ((0, import_yaml2.isCollection)(node)) {
    const inFlow = flow || node.flow === true;
    for (const item of node.items) {
      if ((0, import_yaml2.isPair)(item)) {
        quoteForReaders(item.key, written, inFlow);
        quoteForReaders(item.value, written, inFlow);
      } else {
        quoteForReaders(item, written, inFlow);
      }
    }
  }
}
var isNewNode = (s) => s.range == null;
function quoteScalar(s, flow) {
  const v = s.value;
  if (typeof v !== "string" || s.type !== void 0 && s.type !== import_yaml2.Scalar.PLAIN) return;
  if (v.includes("\n") || plainIsSafe(v, flow)) return;
  s.type = v.includes('"') && !v.includes("'") ? import_yaml2.Scalar.QUOTE_SINGLE : import_yaml2.Scalar.QUOTE_DOUBLE;
}
function stringifyForReaders(value, options) {
  return readersDocument(value, options).toString(options);
}
function readersDocument(value, options) {
  const doc = new import_yaml2.Document(value, options);
  quoteForReaders(doc.contents, isNewNode);
  return doc;
}

// src/yaml/emit.ts
var YAML_OPTIONS = { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false };
var RESULTS = "results:\n";
function stringifyResults(results) {
  let out = RESULTS;
  for (const r of results) {
    const body = block(r, "  ");
    out += body === void 0 ? stringifyForReaders({ results: [r] }, YAML_OPTIONS).slice(RESULTS.length) : "-" + body.slice(1);
  }
  return out;
}
function block(map, indent3) {
  let out = "";
  let any = false;
  for (const key of Object.keys(map)) {
    const value = map[key];
    if (value === void 0) continue;
    if (!SAFE_KEY.test(key) || resolvesToNonString(key)) return void 0;
    any = true;
    if (typeof value === "string") {
      const s = value.includes("\n") ? blockScalar(value, indent3.length + 2) : scalar(value);
      if (s === void 0) return void 0;
      out += `${indent3}${key}: ${s}
`;
    } else if (typeof value === "number" && Number.isSafeInteger(value) && !Object.is(value, -0)) {
      out += `${indent3}${key}: ${value}
`;
    } else if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      const inner = block(value, indent3 + "  ");
      if (inner === void 0) return void 0;
      out += `${indent3}${key}:
${inner}`;
    } else {
      return void 0;
    }
  }
  return any ? out : void 0;
}
var SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
function scalar(value) {
  if (!/^[\x20-\x7e]*$/.test(value)) return void 0;
  return plainIsSafe(value) ? value : quoted(value);
}
function quoted(value) {
  if (value.includes('"') && !value.includes("'")) return `'${value}'`;
  return `"${value.replace(/[\\"]/g, "\\$&")}"`;
}
var BlockEmitter = class {
  constructor(indentSeq) {
    this.indentSeq = indentSeq;
  }
  indentSeq;
  /** Objects already written: yaml writes a second use as an alias, which is left to it. */
  seen = /* @__PURE__ */ new Set();
  /** `key: value` at column 0 (continuation lines indented from column 0). */
  pair(key, value) {
    const rest = this.afterKey(value, 0);
    return rest === void 0 || !plainKey(key) ? void 0 : key + ":" + rest;
  }
  /** `- value` at column 0. */
  item(value) {
    const rest = this.afterDash(value, 0);
    return rest === void 0 ? void 0 : "-" + rest;
  }
  /** The text after `key:` for a key at column `col`: ` scalar`, ` []`, or '\n' and nested lines. */
  afterKey(value, col) {
    if (typeof value !== "object" || value === null) {
      const s = blockScalar(value, col + 2);
      return s === void 0 ? void 0 : " " + s;
    }
    if (!this.first(value)) return void 0;
    if (Array.isArray(value)) {
      if (value.length === 0) return " []";
      const lines2 = this.seq(value, this.indentSeq ? col + 2 : col);
      return lines2 === void 0 ? void 0 : "\n" + lines2;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return void 0;
    const lines = this.map(value, col + 2);
    return lines === void 0 ? void 0 : lines === "" ? " {}" : "\n" + lines;
  }
  /** The text after `-` for a list item at column `col`. */
  afterDash(value, col) {
    if (typeof value !== "object" || value === null) {
      const s = blockScalar(value, col + 2);
      return s === void 0 ? void 0 : " " + s;
    }
    if (Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype || !this.first(value)) return void 0;
    const lines = this.map(value, col + 2);
    return lines === void 0 ? void 0 : lines === "" ? " {}" : " " + lines.slice(col + 2);
  }
  /** A map's lines, its keys at column `col` ('' when it has no keys). */
  map(map, col) {
    const lines = [];
    for (const key of Object.keys(map)) {
      const value = map[key];
      if (value === void 0) continue;
      const rest = plainKey(key) ? this.afterKey(value, col) : void 0;
      if (rest === void 0) return void 0;
      lines.push(" ".repeat(col) + key + ":" + rest);
    }
    return lines.join("\n");
  }
  /** A list's lines, its dashes at column `col`. */
  seq(list2, col) {
    const lines = [];
    for (const value of list2) {
      const rest = this.afterDash(value, col);
      if (rest === void 0) return void 0;
      lines.push(" ".repeat(col) + "-" + rest);
    }
    return lines.join("\n");
  }
  first(o) {
    if (this.seen.has(o)) return false;
    this.seen.add(o);
    return true;
  }
};
function plainKey(key) {
  return SAFE_KEY.test(key) && !resolvesToNonString(key);
}
function blockScalar(value, indent3) {
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : void 0;
  if (typeof value !== "string") return void 0;
  if (!value.includes("\n")) return scalar(value);
  const known2 = LITERALS.get(indent3)?.get(value);
  if (known2 !== void 0) return known2 ?? void 0;
  const text2 = literal(value, indent3);
  if (LITERALS.size > 64) LITERALS.clear();
  const byText = LITERALS.get(indent3) ?? LITERALS.set(indent3, /* @__PURE__ */ new Map()).get(indent3);
  if (byText.size >= 256) byText.clear();
  byText.set(value, text2 ?? null);
  return text2;
}
var LITERALS = /* @__PURE__ */ new Map();
function literal(value, indent3) {
  const body = value.endsWith("\n") ? value.slice(0, -1) : value;
  if (body.trim() === "" || !/^[\x20-\x7e\n]*$/.test(value) || /^[ \n]|[ \n]$/.test(body) || /\n +\n/.test(body) || /(^|\n)(---|\.\.\.)( |\n|$)/.test(body))
    return void 0;
  const pad2 = " ".repeat(indent3);
  return (value.endsWith("\n") ? "|\n" : "|-\n") + pad2 + body.replace(/\n+/g, (nl) => nl + pad2);
}
function flowScalar(value) {
  if (typeof value === "string") {
    if (value.includes("\n")) return void 0;
    if (/^[\x20-\x7e]*$/.test(value) && !plainIsSafe(value, true)) return quoted(value);
  }
  return blockScalar(value, 0);
}

// src/yaml/limits.ts
var import_yaml3 = __toESM(require_dist(), 1);
var LIMITS = {
  /** Bytes of one input (stdin, or one file): V8's strings end near 512 MiB. */
  inputBytes: 256 * 1024 * 1024,
  /** Documents in one file or stream, items in one ResourceList. */
  documents: 1e6,
  /**
   * Collections inside collections, counted from a document or item (fastparse.ts stops at the
   * same depth; `yaml` runs out of stack some 800 levels down and says only that).
   */
  nesting: 200,
  /** Nodes that an item's aliases may expand to (an alias bomb is refused beyond). */
  aliases: 1e3
};
var NESTING_ERROR = `nesting deeper than ${LIMITS.nesting} levels (the limit for collections inside collections)`;
function yamlErrorText(err) {
  if (err.code === "RESOURCE_EXHAUSTION") return NESTING_ERROR;
  return `malformed YAML: ${err.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "")}`;
}
function tooDeep(root, above = 0) {
  const stack = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop();
    if (!(0, import_yaml3.isCollection)(node)) continue;
    if (depth + 1 > LIMITS.nesting + above) return node;
    for (const item of node.items) {
      if ((0, import_yaml3.isPair)(item)) stack.push([item.key, depth + 1], [item.value, depth + 1]);
      else stack.push([item, depth + 1]);
    }
  }
  return void 0;
}

// src/yaml/fastparse.ts
var UNSURE = Object.freeze({ unsure: true });
function fastParse(text2, indent3 = 0, spans, plainText = false) {
  if (!plainText && ODD_CHARS.test(text2)) return void 0;
  const value = parseValue(text2, indent3, spans);
  if (value === UNSURE) return void 0;
  const anchors2 = PARSER.anchors;
  return anchors2 !== void 0 && anchors2.size > 0 ? { value, anchors: new Set(anchors2.keys()) } : { value };
}
function parseValue(text2, indent3, spans) {
  try {
    return PARSER.reset(text2, indent3, spans).document();
  } catch (e) {
    if (e === UNSURE || e instanceof RangeError) return UNSURE;
    throw e;
  }
}
function fastItemValue(text2, indent3) {
  const value = parseValue(text2, indent3, void 0);
  return value === UNSURE ? void 0 : value;
}
var ODD_CHARS = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]/;
function plainChars(text2) {
  return !ODD_CHARS.test(text2);
}
var MAX_DEPTH = LIMITS.nesting;
var SPACE = 32;
var HASH = 35;
var DASH = 45;
var COLON = 58;
var Parser = class {
  s = "";
  /** Start of the current line, its end (index of '\n' or length), and its indent. */
  pos = 0;
  end = 0;
  ind = 0;
  depth = 0;
  afterKey = 0;
  /** End of the last content line consumed, for spans (comments and blank lines are not content). */
  contentEnd = -1;
  /** Where a collection starts on a `- ` line, for spans. */
  inlineAt = -1;
  /** Shape and inline extent of the value parsed last, for spans. */
  vShape = "null";
  vAt = -1;
  vEnd = -1;
  /** Column of the nested collection parsed last (shapes `nested`, `inline`). */
  vCol = -1;
  /** Anchored scalars so far, by name (made at the first), and the aliases read (bounded as yaml bounds them: limits.ts). */
  anchors = void 0;
  aliasCount = 0;
  /** Column of the root collection: what a dedented copy would have at column 0. */
  base = 0;
  spans = void 0;
  /** Ready to parse `s` (see fastParse), every field as new. */
  reset(s, base2, spans) {
    this.s = s;
    this.base = base2;
    this.spans = spans;
    this.pos = this.end = this.ind = this.depth = this.afterKey = this.aliasCount = 0;
    this.contentEnd = this.inlineAt = this.vAt = this.vEnd = this.vCol = -1;
    this.vShape = "null";
    this.anchors = void 0;
    return this;
  }
  /** Records the entry just parsed (its value's shape is in `vShape`, `vAt`, `vEnd`). */
  entry(entries, lead, at, keyEnd, key) {
    const tailAt = this.vShape === "nested" || this.vShape === "inline" ? this.tail(this.vCol) : -1;
    entries.push({ key, lead, at, keyEnd, vAt: this.vAt, vEnd: this.vEnd, end: this.contentEnd, tailAt, shape: this.vShape });
  }
  /**
   * Comment lines right after a nested collection (at column `col`), up to a blank line or one
   * indented less: yaml keeps them as that collection's trailing comment. Consumes them as part
   * of the entry; returns where they start, or -1.
   */
  tail(col) {
    const s = this.s;
    let tailAt = -1;
    let p = this.contentEnd + 1;
    while (p < this.pos) {
      const nl = s.indexOf("\n", p);
      let i = p;
      while (s.charCodeAt(i) === SPACE) i++;
      if (i === nl || s.charCodeAt(i) !== HASH || i - p < col) break;
      if (tailAt < 0) tailAt = p;
      this.contentEnd = nl;
      p = nl + 1;
    }
    return tailAt;
  }
  shape(shape, vAt = -1, vEnd = -1) {
    this.vShape = shape;
    this.vAt = vAt;
    this.vEnd = vEnd;
  }
  document() {
    if (this.base > 0) {
      this.pos = -this.base;
      this.end = this.s.indexOf("\n");
      if (this.end < 0) this.end = this.s.length;
      const c2 = this.s.charCodeAt(0);
      if (this.end === 0 || c2 === SPACE || c2 === HASH) throw UNSURE;
      this.ind = this.base;
      if (isMarker(this.s, 0)) throw UNSURE;
    } else if (!this.nextSignificant()) {
      throw UNSURE;
    }
    if (this.ind !== this.base) throw UNSURE;
    const c = this.s.charCodeAt(this.pos + this.base);
    if (c === 91 || c === 123) return this.flowRoot(this.pos + this.base);
    const value = this.blockNode(this.base);
    if (this.pos < this.s.length) throw UNSURE;
    return value;
  }
  /**
   * A whole node in flow style on one line (`- {apiVersion: v1, kind: ConfigMap, ...}`, as some
   * generators write items): its value, so such items need no `yaml` Document (a whole list of
   * them, composed by `yaml`, costs ten times a block one). Only for a value: a caller asking
   * for spans edits block collections, and a flow root has none.
   */
  flowRoot(i) {
    if (this.spans) throw UNSURE;
    const flow = new Flow(this.s, i, this.end, void 0, this.depth);
    const value = flow.node();
    let after = flow.i;
    while (after < this.end && this.s.charCodeAt(after) === SPACE) after++;
    if (after < this.end && !(this.s.charCodeAt(after) === HASH && this.s.charCodeAt(after - 1) === SPACE)) throw UNSURE;
    this.nextLine();
    if (this.nextSignificant()) throw UNSURE;
    return value;
  }
  /** Moves `pos` to the start of `pos`'s line's successor (the line was content). */
  nextLine() {
    this.contentEnd = this.end;
    this.pos = this.end + 1;
  }
  /** Makes the line holding offset `i` the current one (a flow collection or a plain scalar over several lines ended there). */
  toLineOf(i) {
    const s = this.s;
    this.pos = s.lastIndexOf("\n", i - 1) + 1;
    const nl = s.indexOf("\n", i);
    this.end = nl < 0 ? s.length : nl;
    let k = this.pos;
    while (s.charCodeAt(k) === SPACE) k++;
    this.ind = k - this.pos;
  }
  /**
   * Skips blank and comment lines from `pos`; sets `end` and `ind` of the line it stops at.
   * Returns false at the end of the text.
   */
  nextSignificant() {
    const s = this.s;
    while (this.pos < s.length) {
      let nl = s.indexOf("\n", this.pos);
      if (nl < 0) nl = s.length;
      let i = this.pos;
      while (i < nl && s.charCodeAt(i) === SPACE) i++;
      if (i < nl && s.charCodeAt(i) !== HASH) {
        this.end = nl;
        this.ind = i - this.pos;
        if (this.ind === this.base && isMarker(s, i)) throw UNSURE;
        return true;
      }
      this.pos = nl + 1;
    }
    this.pos = s.length;
    this.end = s.length;
    this.ind = -1;
    return false;
  }
  /** A map or sequence whose first entry is on the current line at column `indent`. */
  blockNode(indent3) {
    if (++this.depth > MAX_DEPTH) throw UNSURE;
    const value = this.isSeqEntry(this.pos + indent3) ? this.seq(indent3) : this.map(indent3);
    this.depth--;
    return value;
  }
  isSeqEntry(i) {
    const s = this.s;
    if (s.charCodeAt(i) !== DASH) return false;
    const c = i + 1 < this.end ? s.charCodeAt(i + 1) : SPACE;
    return c === SPACE;
  }
  map(indent3) {
    const obj = {};
    const entries = this.spans ? [] : void 0;
    if (entries) this.spans.set(obj, { col: indent3, entries });
    for (let first = true; ; first = false) {
      if (this.ind !== indent3) throw UNSURE;
      const at = this.pos + indent3;
      const lead = at === this.inlineAt ? at : this.contentEnd + 1;
      if (this.isSeqEntry(at)) throw UNSURE;
      const key = this.key(at);
      const keyEnd = this.afterKey;
      if (first) obj[key] = this.value(keyEnd, indent3, true);
      else setKey(obj, key, this.value(keyEnd, indent3, true));
      if (entries) this.entry(entries, lead, at, keyEnd, key);
      if (this.ind < indent3) return obj;
    }
  }
  seq(indent3) {
    const arr = [];
    const s = this.s;
    const entries = this.spans ? [] : void 0;
    if (entries) this.spans.set(arr, { col: indent3, entries });
    for (; ; ) {
      if (this.ind < indent3 || !this.isSeqEntry(this.pos + indent3)) {
        if (this.ind <= indent3) return arr;
        throw UNSURE;
      }
      const at = this.pos + indent3;
      const lead = at === this.inlineAt ? at : this.contentEnd + 1;
      let i = at + 1;
      while (i < this.end && s.charCodeAt(i) === SPACE) i++;
      if (i >= this.end || s.charCodeAt(i) === HASH) {
        arr.push(this.nestedOrNull(indent3, false, i >= this.end));
      } else {
        if (this.isSeqEntry(i) || this.startsKey(i)) {
          this.ind = i - this.pos;
          this.inlineAt = i;
          const col = this.ind;
          arr.push(this.blockNode(col));
          this.shape("inline", i);
          this.vCol = col;
        } else {
          arr.push(this.value(i, indent3, false));
        }
      }
      if (entries) this.entry(entries, lead, at, -1);
      if (this.ind < indent3) return arr;
    }
  }
  /** Whether the text at `i` is an implicit key followed by `:` on this line. */
  startsKey(i) {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c === 91 || c === 123) return false;
    if (c === 34 || c === 39) {
      const close = quotedEnd(s, i, this.end);
      if (close < 0) return false;
      let j = close;
      while (j < this.end && s.charCodeAt(j) === SPACE) j++;
      return s.charCodeAt(j) === COLON;
    }
    for (let j = i; j < this.end; j++) {
      const d = s.charCodeAt(j);
      if (d === COLON && (j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) return true;
      if (d === HASH && s.charCodeAt(j - 1) === SPACE) return false;
    }
    return false;
  }
  /** Reads a block mapping key at `i`; sets `afterKey` to the index after its `:`. */
  key(i) {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39) {
      const close = quotedEnd(s, i, this.end);
      if (close < 0) throw UNSURE;
      const key = c === 34 ? doubleQuoted(s, i + 1, close - 1) : s.slice(i + 1, close - 1).replaceAll("''", "'");
      let j = close;
      while (j < this.end && s.charCodeAt(j) === SPACE) j++;
      if (s.charCodeAt(j) !== COLON || !(j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) throw UNSURE;
      this.afterKey = j + 1;
      return checkKey(key);
    }
    if (!plainStart(s, i, this.end)) throw UNSURE;
    for (let j = i; j < this.end; j++) {
      const d = s.charCodeAt(j);
      if (d === COLON && (j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) {
        let e = j;
        while (s.charCodeAt(e - 1) === SPACE) e--;
        this.afterKey = j + 1;
        const known2 = knownKey(s, i, e);
        if (known2 !== void 0) return known2;
        const raw = s.slice(i, e);
        if (raw.length > 1e3 || raw === "<<" || typeof plainScalar(raw) !== "string") throw UNSURE;
        return checkKey(raw);
      }
      if (d === HASH && s.charCodeAt(j - 1) === SPACE) break;
    }
    throw UNSURE;
  }
  /**
   * The value that starts at `i` on the current line (after `key:` or `- `) of a collection at
   * column `indent`, with the lines it spans; leaves the parser on the next significant line.
   */
  value(i, indent3, inMap) {
    const s = this.s;
    while (i < this.end && s.charCodeAt(i) === SPACE) i++;
    if (i >= this.end || s.charCodeAt(i) === HASH) return this.nestedOrNull(indent3, inMap, i >= this.end);
    let c = s.charCodeAt(i);
    let value;
    let after;
    const start = i;
    let anchor;
    if (c === 38) {
      const e = anchorEnd(s, i + 1, this.end);
      anchor = s.slice(i + 1, e);
      if (anchor === "" || s.charCodeAt(e) !== SPACE || this.anchors?.has(anchor)) throw UNSURE;
      i = e;
      while (i < this.end && s.charCodeAt(i) === SPACE) i++;
      c = s.charCodeAt(i);
      if (i >= this.end || !(c === 34 || c === 39 || plainStart(s, i, this.end))) throw UNSURE;
    } else if (c === 42) {
      const e = anchorEnd(s, i + 1, this.end);
      const name = s.slice(i + 1, e);
      if (!this.anchors?.has(name) || ++this.aliasCount > LIMITS.aliases) throw UNSURE;
      return this.scalarEnd(this.anchors.get(name), "scalar", start, e, indent3);
    }
    if (c === 124 || c === 62) {
      const text2 = this.blockScalar(i, indent3);
      this.shape("block", i);
      return text2;
    }
    let shape = "scalar";
    if (c === 34 || c === 39) {
      after = quotedEnd(s, i, this.end);
      if (after < 0) ({ value, after } = this.quotedLines(i, indent3));
      else value = quotedText(s, c, i + 1, after - 1);
    } else if (c === 91 || c === 123) {
      const flow = new Flow(s, i, s.length, this.spans, this.depth, indent3);
      value = flow.node();
      after = flow.i;
      shape = "flow";
      if (after > this.end) this.toLineOf(after);
    } else {
      if (!plainStart(s, i, this.end)) throw UNSURE;
      let j = i;
      let e = i;
      for (; j < this.end; j++) {
        const d = s.charCodeAt(j);
        if (d === SPACE) continue;
        if (d === HASH && s.charCodeAt(j - 1) === SPACE) break;
        if (d === COLON && (j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) throw UNSURE;
        e = j + 1;
      }
      const more = j >= this.end && anchor === void 0 ? this.plainLines(indent3) : void 0;
      value = more ? plainScalar(`${s.slice(i, e)} ${more.words}`) : known(KNOWN_VALUES, s, i, e) ?? plainScalar(s.slice(i, e));
      after = more ? more.after : e;
    }
    if (anchor !== void 0) {
      if (shape !== "scalar") throw UNSURE;
      (this.anchors ??= /* @__PURE__ */ new Map()).set(anchor, value);
    }
    return this.scalarEnd(value, shape, start, after, indent3);
  }
  /**
   * The lines a plain scalar goes on over, after its first (`args: --a` then `  --b`): each
   * indented past the collection at `indent`, none blank, none with `: ` or ` #` or
   * starting with an indicator; yaml folds them into one line, a space between each. Undefined
   * when the next line is not such a line; the first line is then the whole scalar. Moves the
   * parser to the last line. Anything else on those lines is left to yaml.
   */
  plainLines(indent3) {
    const s = this.s;
    const words = [];
    let p = this.end + 1;
    let after = -1;
    while (p < s.length) {
      let nl = s.indexOf("\n", p);
      if (nl < 0) nl = s.length;
      let k = p;
      while (k < nl && s.charCodeAt(k) === SPACE) k++;
      if (k - p <= indent3 || s.charCodeAt(k) === HASH) break;
      let e = nl;
      while (e > k && s.charCodeAt(e - 1) === SPACE) e--;
      const line = s.slice(k, e);
      if (k === nl || !plainStart(s, k, nl) || line.includes(": ") || line.includes(" #") || line.endsWith(":") || s.charCodeAt(k) === DASH) throw UNSURE;
      words.push(line);
      after = e;
      p = nl + 1;
    }
    if (words.length === 0) return void 0;
    this.toLineOf(after);
    return { words: words.join(" "), after };
  }
  /**
   * A quoted scalar that closes on a later line (`note: "a long` then `  value"`): every line
   * after the first indented past the collection at `indent`, none blank; yaml folds each line
   * break into one space and drops the spaces around it. A blank line (a kept break), a line
   * ending in a backslash (an escaped break, in double quotes) or an empty first or middle line
   * is left to yaml. Moves the parser to the line the scalar closes on.
   */
  quotedLines(i, indent3) {
    const s = this.s;
    const q = s.charCodeAt(i);
    const parts = [];
    let from = i + 1;
    let lineEnd4 = this.end;
    for (; ; ) {
      const after = closingQuote(s, q, from, lineEnd4);
      if (after >= 0) {
        parts.push(quotedText(s, q, from, after - 1));
        this.toLineOf(after);
        return { value: parts.join(" "), after };
      }
      let e = lineEnd4;
      while (e > from && s.charCodeAt(e - 1) === SPACE) e--;
      if (e === from || s.charCodeAt(e - 1) === 92) throw UNSURE;
      parts.push(quotedText(s, q, from, e));
      const p = lineEnd4 + 1;
      if (p >= s.length) throw UNSURE;
      lineEnd4 = s.indexOf("\n", p);
      if (lineEnd4 < 0) lineEnd4 = s.length;
      from = p;
      while (from < lineEnd4 && s.charCodeAt(from) === SPACE) from++;
      if (from === lineEnd4 || from - p <= indent3) throw UNSURE;
    }
  }
  /** The end of a one-line value (from `at` to `after`): only a comment may follow on the line, then no more-indented continuation. */
  scalarEnd(value, shape, at, after, indent3) {
    const s = this.s;
    this.shape(shape, at, after);
    while (after < this.end && s.charCodeAt(after) === SPACE) after++;
    if (after < this.end && !(s.charCodeAt(after) === HASH && s.charCodeAt(after - 1) === SPACE)) throw UNSURE;
    this.nextLine();
    if (this.nextSignificant() && this.ind > indent3) throw UNSURE;
    return value;
  }
  /**
   * After `key:` or `-` with nothing else on the line (`bare`: not even a comment): a nested
   * block node, a one-line flow collection alone on the next line (Helm's `toYaml` writes
   * `annotations:` then `{}`), or null.
   */
  nestedOrNull(indent3, inMap, bare) {
    this.nextLine();
    let value = null;
    let col = -1;
    if (!this.nextSignificant()) value = null;
    else if (this.ind > indent3 && isFlowStart(this.s.charCodeAt(this.pos + this.ind))) return this.flowBelow(indent3, inMap, bare);
    else if (this.ind > indent3) value = this.blockNode(col = this.ind);
    else if (inMap && this.ind === indent3 && this.isSeqEntry(this.pos + indent3)) value = this.seq(col = indent3);
    this.shape(value === null ? "null" : "nested");
    this.vCol = col;
    return value;
  }
  /**
   * A flow collection on the line right after its bare `key:` or `-`: parsed as if it stood
   * after them (shape `flow`, `vAt` on its own line). Comments or blank lines between the two
   * are left to yaml.
   */
  flowBelow(indent3, inMap, bare) {
    if (!bare || this.pos !== this.contentEnd + 1) throw UNSURE;
    return this.value(this.pos + this.ind, indent3, inMap);
  }
  /** `|` or `>` with optional chomping indicator (no indentation indicator), then its lines. */
  blockScalar(i, indent3) {
    const s = this.s;
    const folded = s.charCodeAt(i) === 62;
    let j = i + 1;
    let chomp = "";
    if (j < this.end && (s[j] === "-" || s[j] === "+")) chomp = s[j++];
    const h = j;
    while (j < this.end && s.charCodeAt(j) === SPACE) j++;
    if (j < this.end && !(s.charCodeAt(j) === HASH && j > h)) throw UNSURE;
    const lines = [];
    let p = this.end + 1;
    let trim = -1;
    let lastEnd = -1;
    let leading = 0;
    while (p < s.length) {
      let nl = s.indexOf("\n", p);
      if (nl < 0) nl = s.length;
      let k = p;
      while (k < nl && s.charCodeAt(k) === SPACE) k++;
      if (k === nl) {
        if (trim < 0) leading = Math.max(leading, nl - p);
        if (trim < 0 || nl - p <= trim) lines.push("");
        else {
          lines.push(s.slice(p + trim, nl));
          lastEnd = nl;
        }
      } else {
        const ind = k - p;
        if (ind <= indent3) break;
        if (trim < 0) {
          trim = ind;
          if (leading > trim) throw UNSURE;
        } else if (ind < trim) throw UNSURE;
        lines.push(s.slice(p + trim, nl));
        lastEnd = nl;
      }
      p = nl + 1;
    }
    let last2 = lines.length;
    while (last2 > 0 && lines[last2 - 1] === "") last2--;
    if (last2 === 0) throw UNSURE;
    this.contentEnd = lastEnd;
    if (chomp === "+" && last2 < lines.length) throw UNSURE;
    let value = "";
    if (!folded) {
      value = lines.slice(0, last2).join("\n");
    } else {
      let sep = "";
      let prevMoreIndented = false;
      let first = 0;
      while (lines[first] === "") {
        value += "\n";
        first++;
      }
      for (let k = first; k < last2; k++) {
        const line = lines[k];
        if (line.charCodeAt(0) === SPACE) {
          if (sep === " ") sep = "\n";
          else if (!prevMoreIndented && sep === "\n") sep = "\n\n";
          value += sep + line;
          sep = "\n";
          prevMoreIndented = true;
        } else if (line === "") {
          if (sep === "\n") value += "\n";
          else sep = "\n";
        } else {
          value += sep + line;
          sep = " ";
          prevMoreIndented = false;
        }
      }
    }
    if (chomp !== "-") value += "\n";
    this.pos = Math.min(p, s.length);
    if (this.nextSignificant() && this.ind > indent3) throw UNSURE;
    return value;
  }
};
var PARSER = new Parser();
var Flow = class {
  constructor(s, i, end, spans, depth, indent3) {
    this.s = s;
    this.i = i;
    this.end = end;
    this.spans = spans;
    this.depth = depth;
    this.indent = indent3;
  }
  s;
  i;
  end;
  spans;
  depth;
  indent;
  /** End of the line that `i` is on (a scalar never goes past it); one line only: `end`. */
  lineEnd(i) {
    if (this.indent === void 0) return this.end;
    const nl = this.s.indexOf("\n", i);
    return nl < 0 ? this.end : nl;
  }
  node() {
    const c = this.s.charCodeAt(this.i);
    if (c !== 91 && c !== 123) return this.scalar(false);
    if (++this.depth > MAX_DEPTH) throw UNSURE;
    const value = c === 91 ? this.seq() : this.map();
    this.depth--;
    return value;
  }
  spaces() {
    const s = this.s;
    for (; ; ) {
      while (this.i < this.end && s.charCodeAt(this.i) === SPACE) this.i++;
      if (this.indent === void 0 || this.i >= this.end || s.charCodeAt(this.i) !== 10) return;
      let j = this.i + 1;
      while (j < this.end && s.charCodeAt(j) === SPACE) j++;
      const c = s.charCodeAt(j);
      if (j >= this.end || c === 10 || c === HASH || j - this.i - 1 <= this.indent) throw UNSURE;
      this.i = j;
    }
  }
  seq() {
    const arr = [];
    const entries = this.spans ? [] : void 0;
    if (entries) this.spans.set(arr, { col: -1, entries });
    this.i++;
    this.spaces();
    if (this.s.charCodeAt(this.i) === 93) {
      this.i++;
      return arr;
    }
    for (; ; ) {
      this.spaces();
      const at = this.i;
      arr.push(this.node());
      if (entries) entries.push({ lead: at, at, keyEnd: -1, vAt: at, vEnd: this.i, end: this.i, tailAt: -1, shape: "scalar" });
      this.spaces();
      const c = this.s.charCodeAt(this.i++);
      if (c === 93) return arr;
      if (c !== 44) throw UNSURE;
      this.spaces();
      if (this.s.charCodeAt(this.i) === 93) throw UNSURE;
    }
  }
  map() {
    const obj = {};
    this.i++;
    this.spaces();
    if (this.s.charCodeAt(this.i) === 125) {
      this.i++;
      return obj;
    }
    for (; ; ) {
      this.spaces();
      const k = this.s.charCodeAt(this.i);
      const quoted2 = k === 34 || k === 39;
      const key = this.scalar(true);
      if (typeof key !== "string" || key === "<<" || key.length > 1e3) throw UNSURE;
      checkKey(key);
      this.spaces();
      if (this.s.charCodeAt(this.i) !== COLON) throw UNSURE;
      this.i++;
      if (!quoted2 && this.s.charCodeAt(this.i) !== SPACE) throw UNSURE;
      this.spaces();
      const v = this.s.charCodeAt(this.i);
      if (v === 44 || v === 125) throw UNSURE;
      setKey(obj, key, this.node());
      this.spaces();
      const c = this.s.charCodeAt(this.i++);
      if (c === 125) return obj;
      if (c !== 44) throw UNSURE;
      this.spaces();
      if (this.s.charCodeAt(this.i) === 125) throw UNSURE;
    }
  }
  /** A quoted or plain scalar inside a flow collection; `asKey` allows a following `:`. */
  scalar(asKey) {
    const s = this.s;
    const c = s.charCodeAt(this.i);
    if (c === 34 || c === 39) {
      const close = quotedEnd(s, this.i, this.lineEnd(this.i));
      if (close < 0) throw UNSURE;
      const v = c === 34 ? doubleQuoted(s, this.i + 1, close - 1) : s.slice(this.i + 1, close - 1).replaceAll("''", "'");
      this.i = close;
      return v;
    }
    if ((c === DASH || c === 63 || c === COLON) && isFlowIndicator(s.charCodeAt(this.i + 1))) throw UNSURE;
    const end = this.lineEnd(this.i);
    if (!plainStart(s, this.i, end) || c === 91 || c === 123 || c === 93 || c === 125 || c === 44) throw UNSURE;
    const start = this.i;
    let e = start;
    let j = start;
    for (; j < end; j++) {
      const d = s.charCodeAt(j);
      if (d === 44 || d === 91 || d === 93 || d === 123 || d === 125) break;
      if (d === SPACE) continue;
      if (d === HASH && s.charCodeAt(j - 1) === SPACE) throw UNSURE;
      if (d === COLON) {
        const n = j + 1 < end ? s.charCodeAt(j + 1) : SPACE;
        if (n === SPACE || n === 44 || n === 91 || n === 93 || n === 123 || n === 125) {
          if (!asKey) throw UNSURE;
          break;
        }
      }
      e = j + 1;
    }
    this.i = e;
    return plainScalar(s.slice(start, e));
  }
};
function isFlowStart(c) {
  return c === 91 || c === 123;
}
function isFlowIndicator(c) {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}
function isMarker(s, i) {
  const c = s.charCodeAt(i);
  if (c === 37) return true;
  if (c !== DASH && c !== 46 || s.charCodeAt(i + 1) !== c || s.charCodeAt(i + 2) !== c) return false;
  const n = s.charCodeAt(i + 3);
  return Number.isNaN(n) || n === SPACE || n === 10;
}
function quotedEnd(s, i, end) {
  return closingQuote(s, s.charCodeAt(i), i + 1, end);
}
function closingQuote(s, q, from, end) {
  for (let j = from; j < end; j++) {
    const d = s.charCodeAt(j);
    if (q === 34 && d === 92) {
      j++;
      continue;
    }
    if (d === q) {
      if (q === 39 && s.charCodeAt(j + 1) === 39 && j + 1 < end) {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return -1;
}
var ESCAPES = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1B",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "	",
  v: "\v",
  N: "\x85",
  _: "\xA0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\"
};
function quotedText(s, q, from, to) {
  return q === 34 ? doubleQuoted(s, from, to) : s.slice(from, to).replaceAll("''", "'");
}
function doubleQuoted(s, from, to) {
  const raw = s.slice(from, to);
  if (!raw.includes("\\")) return raw;
  let out = "";
  for (let j = 0; j < raw.length; j++) {
    const ch = raw[j];
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const e = raw[++j];
    if (e === void 0) throw UNSURE;
    const simple = ESCAPES[e];
    if (simple !== void 0) {
      out += simple;
      continue;
    }
    const len = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    const hex = raw.slice(j + 1, j + 1 + len);
    if (len === 0 || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) throw UNSURE;
    const code = parseInt(hex, 16);
    if (code > 1114111) throw UNSURE;
    out += String.fromCodePoint(code);
    j += len;
  }
  return out;
}
function anchorEnd(s, i, end) {
  let j = i;
  for (; j < end; j++) {
    const c = s.charCodeAt(j);
    if (!(c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 95 || c === 46 || c === 45)) break;
  }
  return j;
}
function plainStart(s, i, end) {
  const c = s.charCodeAt(i);
  if (c === DASH || c === 63 || c === COLON) return i + 1 < end && s.charCodeAt(i + 1) !== SPACE;
  return !(c === 44 || c === 91 || c === 93 || c === 123 || c === 125 || c === HASH || c === 38 || c === 42 || c === 33 || c === 124 || c === 62 || c === 39 || c === 34 || c === 37 || c === 64 || c === 96);
}
function setKey(obj, key, value) {
  if (obj[key] === void 0) obj[key] = value;
  else if (Object.hasOwn(obj, key)) throw UNSURE;
  else Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}
function checkKey(key) {
  if (key === "__proto__" || key === "<<") throw UNSURE;
  return key;
}
function allDigits(str2) {
  for (let i = 0; i < str2.length; i++) {
    const c = str2.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
var LETTER_WORDS = new Map([
  ...["null", "Null", "NULL"].map((w) => [w, null]),
  ...["true", "True", "TRUE"].map((w) => [w, true]),
  ...["false", "False", "FALSE"].map((w) => [w, false])
]);
var KNOWN_KEYS = [
  ...["apiVersion", "kind", "metadata", "name", "namespace", "labels", "annotations", "spec", "status", "data", "stringData", "type", "items"],
  ...["template", "selector", "matchLabels", "replicas", "serviceName", "serviceAccountName", "app", "tier", "version", "component"],
  ...["containers", "initContainers", "image", "imagePullPolicy", "command", "args", "env", "value", "valueFrom", "envFrom", "workingDir"],
  ...["ports", "containerPort", "port", "targetPort", "protocol", "resources", "requests", "limits", "cpu", "memory", "volumes", "volumeMounts"],
  ...["mountPath", "readOnly", "configMap", "secret", "secretName", "emptyDir", "key", "path", "httpGet", "tcpSocket", "exec", "scheme"],
  ...["readinessProbe", "livenessProbe", "startupProbe", "periodSeconds", "initialDelaySeconds", "timeoutSeconds", "failureThreshold"],
  ...["securityContext", "runAsUser", "runAsNonRoot", "lifecycle", "postStart", "preStop", "restartPolicy", "nodeSelector", "tolerations"],
  ...["affinity", "strategy", "clusterIP", "config.kubernetes.io/index", "internal.config.kubernetes.io/path", "internal.config.kubernetes.io/id"],
  ...["config.kubernetes.io/path", "config.k8s.io/id", "kustomize.config.k8s.io/id", "app.kubernetes.io/name", "app.kubernetes.io/instance"]
];
var KNOWN_VALUE_LIST = [
  ...["v1", "apps/v1", "batch/v1", "networking.k8s.io/v1", "rbac.authorization.k8s.io/v1", "policy/v1", "autoscaling/v2"],
  ...["Service", "ConfigMap", "Secret", "Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod", "Namespace"],
  ...["ServiceAccount", "Ingress", "Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding", "PersistentVolumeClaim"],
  ...["TCP", "UDP", "IfNotPresent", "Always", "Never", "ClusterIP", "NodePort", "LoadBalancer", "Opaque", "OnFailure"]
];
function byLengthAndFirst(list2) {
  const table = /* @__PURE__ */ new Map();
  for (const k of list2) {
    const at = k.length << 8 | k.charCodeAt(0);
    table.set(at, [...table.get(at) ?? [], k]);
  }
  return table;
}
var KNOWN = byLengthAndFirst(KNOWN_KEYS);
var KNOWN_VALUES = byLengthAndFirst(KNOWN_VALUE_LIST);
function knownKey(s, i, e) {
  return known(KNOWN, s, i, e);
}
function known(table, s, i, e) {
  const c = s.charCodeAt(i);
  if (c > 255) return void 0;
  const candidates = table.get(e - i << 8 | c);
  if (candidates === void 0) return void 0;
  for (const k of candidates) if (s.startsWith(k, i)) return k;
  return void 0;
}
function plainScalar(str2) {
  const c = str2.charCodeAt(0);
  if (c >= 97 && c <= 122 || c >= 65 && c <= 90 || c === 47) {
    if (str2.length < 4 || str2.length > 5 || !(c === 110 || c === 78 || c === 116 || c === 84 || c === 102 || c === 70)) return str2;
    const word = LETTER_WORDS.get(str2);
    return word === void 0 ? str2 : word;
  }
  if (c >= 48 && c <= 57 && allDigits(str2)) return parseInt(str2, 10);
  if (/^(?:~|[Nn]ull|NULL)?$/.test(str2)) return null;
  if (/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(str2)) return str2[0] === "t" || str2[0] === "T";
  if (/^0o[0-7]+$/.test(str2)) return parseInt(str2.substring(2), 8);
  if (/^[-+]?[0-9]+$/.test(str2)) return parseInt(str2, 10);
  if (/^0x[0-9a-fA-F]+$/.test(str2)) return parseInt(str2.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(str2)) {
    return str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(str2)) return parseFloat(str2);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(str2)) return parseFloat(str2);
  return str2;
}

// src/yaml/scan.ts
var SPACE2 = 32;
var HASH2 = 35;
var DASH2 = 45;
var KEEP_CHOMP = /[|>][0-9-]?\+/;
var EMPTY_END = /(?::|(?:^|\s)-|(?:^|\s)[&!]\S*) *\n?$/;
function scanResourceList(source, lineByLine = false) {
  if (source.includes("\r") || source.charCodeAt(0) === 65279) return void 0;
  const n = source.length;
  let pos = 0;
  let itemsKey = -1;
  while (pos < n) {
    const eol = lineEnd(source, pos);
    const c = source.charCodeAt(pos);
    if (c === 37 || isMarker2(source, pos, eol)) return void 0;
    if (source.startsWith("items:", pos)) {
      if (!restIsEmpty(source, pos + 6, eol)) return void 0;
      itemsKey = pos;
      pos = eol + 1;
      break;
    }
    pos = eol + 1;
  }
  if (itemsKey < 0) return void 0;
  const blockStart = Math.min(pos, n);
  const items = [];
  let seqIndent = -1;
  let item;
  let flowItem = false;
  let pendEmpty = false;
  let pendSpaces = false;
  let pendMin = Infinity;
  let pendMax = -1;
  const close = () => {
    if (!item) return true;
    if (pendSpaces || pendMax > seqIndent) return false;
    if (pendEmpty && KEEP_CHOMP.test(source.slice(item.start, item.end))) return false;
    if (mayEndEmpty(source, item.end) && EMPTY_END.test(source.slice(source.lastIndexOf("\n", item.end - 2) + 1, item.end))) return false;
    items.push(item);
    item = void 0;
    return true;
  };
  while (pos < n) {
    const whole = seqIndent >= 0 && !lineByLine ? wholeItem(source, pos, seqIndent) : -1;
    if (whole > pos) {
      if (!close()) return void 0;
      item = { start: pos + seqIndent + 2, end: whole, indent: seqIndent + 2 };
      flowItem = false;
      pos = whole;
      pendEmpty = pendSpaces = false;
      pendMin = Infinity;
      pendMax = -1;
      continue;
    }
    const eol = lineEnd(source, pos);
    let i = pos;
    while (i < eol && source.charCodeAt(i) === SPACE2) i++;
    const col = i - pos;
    if (i === eol) {
      if (eol > pos) pendSpaces = true;
      else pendEmpty = true;
      pos = eol + 1;
      continue;
    }
    const c = source.charCodeAt(i);
    if (c === 9) return void 0;
    if (c === HASH2) {
      pendMin = Math.min(pendMin, col);
      pendMax = Math.max(pendMax, col);
      pos = eol + 1;
      continue;
    }
    const dash = c === DASH2 && (i + 1 === eol || source.charCodeAt(i + 1) === SPACE2);
    if (seqIndent < 0 && dash) seqIndent = col;
    if (dash && col === seqIndent) {
      if (!close()) return void 0;
      const block2 = openItem(source, i + 1, eol, seqIndent);
      const next = block2 ?? openFlowItem(source, i + 1, eol);
      if (!next) return void 0;
      item = next.item;
      flowItem = !block2;
      pos = next.pos;
      if (block2 && !lineByLine) pos = item.end = skipContent(source, pos, item.indent, item.end);
    } else if (item && col > seqIndent) {
      if (flowItem) return void 0;
      if (col < item.indent || pendMin < item.indent) return void 0;
      if (col === item.indent && (c === 37 || isMarker2(source, i, eol))) return void 0;
      item.end = eol < n ? eol + 1 : n;
      pos = eol + 1;
      if (!lineByLine) pos = item.end = skipContent(source, pos, item.indent, item.end);
    } else if (col === 0) {
      break;
    } else {
      return void 0;
    }
    pendEmpty = pendSpaces = false;
    pendMin = Infinity;
    pendMax = -1;
  }
  if (!close()) return void 0;
  return { itemsKey, block: [blockStart, Math.min(pos, n)], items };
}
var CONTENT = [];
var ITEM = [];
function wholeItem(source, pos, seqIndent) {
  const indent3 = seqIndent + 2;
  const re = ITEM[seqIndent] ??= new RegExp(` {${seqIndent}}- [^ \\t\\n#&*!\\[\\]{},|>%@\`?:-][^\\n]*\\n${contentLines(indent3)}`, "y");
  re.lastIndex = pos;
  return re.test(source) ? re.lastIndex : -1;
}
function contentLines(indent3) {
  return `(?: {${indent3}}(?:[^ \\t\\n#%.-]| +[^ \\t\\n#])[^\\n]*\\n)*`;
}
function skipContent(source, pos, indent3, end) {
  const re = CONTENT[indent3] ??= new RegExp(contentLines(indent3), "y");
  re.lastIndex = pos;
  re.test(source);
  return re.lastIndex > pos ? re.lastIndex : end;
}
function mayEndEmpty(source, end) {
  let i = end - 1;
  if (source.charCodeAt(i) === 10) i--;
  while (source.charCodeAt(i) === SPACE2) i--;
  const c = source.charCodeAt(i);
  if (c === 58 || c === DASH2) return true;
  for (; i >= 0 && source.charCodeAt(i) !== 10; i--) {
    const d = source.charCodeAt(i);
    if (d === 38 || d === 33) return true;
  }
  return false;
}
function openItem(source, from, eol, seqIndent) {
  let i = from;
  while (i < eol && source.charCodeAt(i) === SPACE2) i++;
  let lineStart3 = source.lastIndexOf("\n", from) + 1;
  if (i === eol || source.charCodeAt(i) === HASH2) {
    let pos = eol + 1;
    for (; ; ) {
      if (pos >= source.length) return void 0;
      const e = lineEnd(source, pos);
      let j = pos;
      while (j < e && source.charCodeAt(j) === SPACE2) j++;
      if (j < e && j - pos <= seqIndent) return void 0;
      if (j < e && source.charCodeAt(j) !== HASH2) {
        lineStart3 = pos;
        i = j;
        eol = e;
        break;
      }
      pos = e + 1;
    }
  }
  if (!keyStart(source.charCodeAt(i), source.charCodeAt(i + 1))) return void 0;
  const end = eol < source.length ? eol + 1 : source.length;
  return { item: { start: i, end, indent: i - lineStart3 }, pos: end };
}
function openFlowItem(source, from, eol) {
  let i = from;
  while (i < eol && source.charCodeAt(i) === SPACE2) i++;
  if (source.charCodeAt(i) !== 123 || source.charCodeAt(eol - 1) !== 125) return void 0;
  for (let j = i; j < eol; j++) if (source.charCodeAt(j) === HASH2) return void 0;
  const lineStart3 = source.lastIndexOf("\n", from) + 1;
  return { item: { start: i, end: eol, indent: i - lineStart3 }, pos: eol < source.length ? eol + 1 : eol };
}
function keyStart(c, next) {
  if (c === DASH2 || c === 63 || c === 58) return next !== SPACE2 && !Number.isNaN(next) && next !== 10;
  return !(c === 38 || c === 42 || c === 33 || c === 91 || c === 93 || c === 123 || c === 125 || c === 44 || c === 124 || c === 62 || c === 37 || c === 64 || c === 96 || c === HASH2);
}
function lineEnd(source, pos) {
  const nl = source.indexOf("\n", pos);
  return nl < 0 ? source.length : nl;
}
function restIsEmpty(source, i, eol) {
  const start = i;
  while (i < eol && source.charCodeAt(i) === SPACE2) i++;
  return i === eol || source.charCodeAt(i) === HASH2 && i > start;
}
function isMarker2(source, i, eol) {
  const c = source.charCodeAt(i);
  if (c !== DASH2 && c !== 46 || source.charCodeAt(i + 1) !== c || source.charCodeAt(i + 2) !== c) return false;
  return i + 3 === eol || source.charCodeAt(i + 3) === SPACE2;
}

// src/yaml/stream.ts
var import_yaml4 = __toESM(require_dist(), 1);
var MARKERS = /^(?:%|---|\.\.\.)/gm;
var YAML_DIRECTIVE = /^%YAML[ \t]+[0-9]+\.[0-9]+(?:[ \t]+(?:#.*)?)?$/;
function streamError(source) {
  let between = true;
  let directives = -1;
  let sawYaml = false;
  let docStarted = false;
  let last2 = 0;
  MARKERS.lastIndex = 0;
  for (let m = MARKERS.exec(source); m !== null; m = MARKERS.exec(source)) {
    const at = m.index;
    const eol = source.indexOf("\n", at);
    const line = source.slice(at, eol < 0 ? source.length : eol);
    if (!docStarted && hasContent(source, last2, at)) docStarted = true;
    last2 = eol < 0 ? source.length : eol + 1;
    if (line.startsWith("%")) {
      if (docStarted) continue;
      if (!between) return { offset: at, message: "malformed YAML stream: a directive inside a document: end the document before it with `...`" };
      if (directives < 0) directives = at;
      if (line.startsWith("%YAML") && /^%YAML(?:[ \t]|$)/.test(line)) {
        if (!YAML_DIRECTIVE.test(line))
          return {
            offset: at,
            message: "malformed YAML stream: a malformed %YAML directive: it must read `%YAML 1.2` (a comment after it set off by a space)"
          };
        if (sawYaml) return { offset: at, message: "malformed YAML stream: a second %YAML directive for the same document (YAML allows one)" };
        sawYaml = true;
      } else if (/^%TAG(?:[ \t]|$)/.test(line)) {
        return {
          offset: at,
          message: "unsupported YAML: %TAG directives are not supported: pod-sequencer reads each document on its own and does not carry tag handles into them; write the tags in full (!<tag:\u2026>) (docs/decisions.md)"
        };
      }
      continue;
    }
    const after = line.charCodeAt(3);
    if (line.length > 3 && after !== 32 && after !== 9 && after !== 13) continue;
    if (line.startsWith("...")) {
      if (!/^\.\.\.[ \t]*(?:#.*)?\r?$/.test(line))
        return { offset: at + 3, message: "malformed YAML stream: text after the document end marker `...` (only a comment may follow it on its line)" };
      if (directives >= 0) return { offset: directives, message: "malformed YAML stream: a directive must be followed by a document (`---`)" };
      between = true;
      docStarted = false;
      continue;
    }
    if (directives >= 0 && docStarted)
      return { offset: directives, message: "malformed YAML stream: directives must be followed by the document start marker `---`" };
    directives = -1;
    sawYaml = false;
    between = false;
    const rest = line.slice(3);
    docStarted = hasContent(rest, 0, rest.length);
    const bad = blockOnMarkerLine(rest);
    if (bad !== void 0)
      return { offset: at + 3 + bad, message: "malformed YAML stream: a block collection cannot start on the `---` line: put it on the next line" };
  }
  if (between && !docStarted && hasContent(source, last2, source.length)) docStarted = true;
  if (directives >= 0 && !docStarted) return { offset: directives, message: "malformed YAML stream: a directive must be followed by a document (`---`)" };
  if (directives >= 0 && docStarted)
    return { offset: directives, message: "malformed YAML stream: directives must be followed by the document start marker `---`" };
  return void 0;
}
function hasContent(source, from, to) {
  for (let pos = from; pos < to; ) {
    const eol = source.indexOf("\n", pos);
    const next = eol < 0 || eol >= to ? to : eol + 1;
    let i = pos;
    while (i < next && (source[i] === " " || source[i] === "	" || source[i] === "\r")) i++;
    if (i < next && source[i] !== "\n" && source[i] !== "#") return true;
    pos = next;
  }
  return false;
}
function blockOnMarkerLine(rest) {
  const props = /^(?:[ \t]+(?:[&!][^ \t]*))*[ \t]*/.exec(rest)[0];
  const body = rest.slice(props.length).replace(/\r$/, "");
  if (body === "" || body.startsWith("#")) return void 0;
  if (/^[-?:](?:[ \t]|$)/.test(body)) return props.length;
  if (!/:(?:[ \t]|$)/.test(body)) return void 0;
  const doc = parseDocument(body, { prettyErrors: false });
  return (0, import_yaml4.isMap)(doc.contents) && !doc.contents.flow ? props.length : void 0;
}
function danglingAlias(root) {
  const anchors2 = /* @__PURE__ */ new Set();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if ((0, import_yaml4.isAlias)(node)) {
      if (!anchors2.has(node.source)) return node;
      continue;
    }
    const anchor = node?.anchor;
    if (typeof anchor === "string") anchors2.add(anchor);
    if (!(0, import_yaml4.isCollection)(node)) continue;
    const items = node.items;
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if ((0, import_yaml4.isPair)(item)) stack.push(item.value, item.key);
      else stack.push(item);
    }
  }
  return void 0;
}

// src/krm/types.ts
var SUMMARY_LENGTH = 100;
var RUN_FIX = "pod-sequencer fix <file>";
var FatalError = class extends Error {
  constructor(message, position) {
    super(position ? `line ${position.line}, column ${position.col}: ${message}` : message);
    this.position = position;
  }
  position;
};

// src/yaml/text.ts
function normalizeInput(input) {
  const text2 = input.charCodeAt(0) === 65279 ? input.slice(1) : input;
  if (!text2.includes("\r")) return { text: text2, crlf: false };
  return { text: text2.replace(/\r\n/g, "\n"), crlf: text2.includes("\r\n") && !/(^|[^\r])\n/.test(text2) };
}
function restoreLineEndings(output, crlf) {
  return crlf ? output.replace(/\n/g, "\r\n") : output;
}
function dedent(text2, by) {
  if (by === 0) return text2;
  return text2.split("\n").map((line, i) => i === 0 ? line : line.slice(Math.min(by, leadingSpaces(line)))).join("\n");
}
function indent(text2, by) {
  if (by === 0) return text2;
  const pad2 = " ".repeat(by);
  return text2.split("\n").map((line, i) => i === 0 || line === "" ? line : pad2 + line).join("\n");
}
function leadingSpaces(line) {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) === 32) n++;
  return n;
}
var LineIndex = class {
  starts = [0];
  constructor(text2) {
    for (let i = text2.indexOf("\n"); i >= 0; i = text2.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  linePos(offset) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >>> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo] + 1 };
  }
};
function printable(line) {
  return line.replace(
    /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g,
    (c) => c === "\n" ? "\\n" : c === "	" ? "\\t" : c === "\r" ? "\\r" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  );
}
function upperFirst(clause) {
  return clause === "" ? clause : `${clause[0].toUpperCase()}${clause.slice(1)}`;
}

// src/krm/io.ts
var MAX_ALIASES = LIMITS.aliases;
function isListKind(kind2) {
  return kind2 !== void 0 && kind2.endsWith("List");
}
function readResourceList(source) {
  if (source.trim() === "") {
    throw new FatalError("no input: expected a ResourceList on stdin (see `pod-sequencer --help`)");
  }
  const broken = streamError(source);
  if (broken) throw new FatalError(broken.message, new LineIndex(source).linePos(broken.offset));
  const input = readFast(source) ?? readFull(source);
  const over = input.items[LIMITS.documents];
  if (over)
    throw new FatalError(`more than ${LIMITS.documents} items (the limit for one ResourceList): split the package`, new LineIndex(source).linePos(over.start));
  return input;
}
function readFast(source) {
  const scan = scanResourceList(source);
  if (!scan) return void 0;
  const [from, to] = scan.block;
  const rest = readRest(source.slice(0, from) + source.slice(to), scan.itemsKey, from, to - from);
  if (!rest) return void 0;
  const items = [];
  const plain2 = plainChars(source);
  for (let index = 0; index < scan.items.length; index++) {
    const span = scan.items[index];
    const cut = source.slice(span.start, span.end);
    const fast = plain2 || plainChars(cut) ? fastItemValue(cut, span.indent) : void 0;
    const value = fast ?? yamlValue(dedent(cut, span.indent), false);
    if (!isPlainMap(value)) return void 0;
    items.push(lazyItem(source, index, span, value, fast !== void 0));
  }
  return { source, items, functionConfig: rest.functionConfig, resultsSpan: rest.resultsSpan, flow: false };
}
function lazyItem(source, index, span, value, fast) {
  const spec = value.spec;
  const kept2 = fast && spec !== null && typeof spec === "object" && !Array.isArray(spec) ? value : void 0;
  return new LazyItem(source, index, span, str(value.kind), str(value.apiVersion), kept2);
}
var LazyItem = class {
  index;
  start;
  end;
  indent;
  kind;
  apiVersion;
  #source;
  #text;
  #value;
  constructor(source, index, span, kind2, apiVersion2, value) {
    this.index = index;
    this.start = span.start;
    this.end = span.end;
    this.indent = span.indent;
    this.kind = kind2;
    this.apiVersion = apiVersion2;
    this.#source = source;
    this.#value = value;
  }
  get text() {
    return this.#text ??= dedent(this.#source.slice(this.start, this.end), this.indent);
  }
  takeValue() {
    const v = this.#value;
    this.#value = void 0;
    return v;
  }
};
function readRest(text2, itemsKey, cut, removed) {
  const fast = fastParse(text2)?.value;
  if (fast && typeof fast === "object" && !Array.isArray(fast) && !Object.hasOwn(fast, "results")) {
    const ok = Object.hasOwn(fast, "items") && fast.items === null && isListKind(str(fast.kind));
    return ok ? { functionConfig: fast.functionConfig } : void 0;
  }
  const doc = parseDocument(text2, { uniqueKeys: true });
  const root = doc.contents;
  if (doc.errors.length > 0 || !(0, import_yaml5.isMap)(root) || root.flow || !isListKind(str(root.get("kind"))) || tooDeep(root, 1)) return void 0;
  const itemsPair = root.items.find((p) => keyOf(p) === "items");
  if (!itemsPair || itemsPair.key.range?.[0] !== itemsKey || !isEmptyValue(itemsPair.value)) return void 0;
  let functionConfig;
  try {
    const fc = root.get("functionConfig", true);
    functionConfig = fc ? fc.toJS(doc, { maxAliasCount: MAX_ALIASES }) : void 0;
  } catch {
    return void 0;
  }
  const resultsPair = root.items.find((p) => keyOf(p) === "results");
  if (!resultsPair) return { functionConfig };
  const shift = (o) => o >= cut ? o + removed : o;
  const [a, b] = pairSpan(text2, resultsPair);
  return { functionConfig, resultsSpan: [shift(a), shift(b)] };
}
function yamlValue(text2, flow) {
  const doc = parseDocument(text2, { uniqueKeys: true });
  if (doc.errors.length > 0 || !(0, import_yaml5.isMap)(doc.contents) || doc.contents.flow && !flow || tooDeep(doc.contents)) return void 0;
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    return void 0;
  }
}
function isPlainMap(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
function isEmptyValue(v) {
  return v === null || v === void 0 || (0, import_yaml5.isScalar)(v) && v.value === null && v.source === "";
}
function readFull(source) {
  const doc = parseDocument(source, { uniqueKeys: true, prettyErrors: true });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0];
    const message = yamlErrorText(err);
    const from = originAt(source, err.pos[0]);
    if (from && pos) throw new FatalError(`${from}: ${message} (line ${pos.line}, column ${pos.col} of the ResourceList it came in)`);
    throw new FatalError(message, pos);
  }
  const root = doc.contents;
  const deep = tooDeep(root, 2);
  if (deep) throw new FatalError(NESTING_ERROR, nodePos(source, deep));
  const dangling = danglingAlias(root);
  if (dangling) {
    const at = dangling.range?.[0] ?? 0;
    const list2 = (0, import_yaml5.isMap)(root) ? root.get("items", true) : void 0;
    const index = (0, import_yaml5.isSeq)(list2) ? list2.items.findIndex((n) => n.range && n.range[0] <= at && at < n.range[2]) : -1;
    const where = index >= 0 ? `items[${index}]: ` : "";
    throw new FatalError(`${where}alias *${dangling.source} has no anchor before it: malformed YAML`, nodePos(source, dangling));
  }
  if (!(0, import_yaml5.isMap)(root)) {
    throw new FatalError("expected a ResourceList (a YAML mapping with `kind: ResourceList` and `items`)");
  }
  const kind2 = root.get("kind");
  if (typeof kind2 !== "string" || !isListKind(kind2)) {
    throw new FatalError(
      `expected kind ResourceList (or List), got ${kind2 === void 0 ? "no kind" : JSON.stringify(kind2)}; pod-sequencer reads a KRM ResourceList on stdin: run it through kpt or kustomize, or use \`pod-sequencer check|fix FILE\``,
      nodePos(source, root)
    );
  }
  const itemsNode = root.get("items", true);
  if (itemsNode !== void 0 && itemsNode !== null && !(0, import_yaml5.isSeq)(itemsNode) && !isNullScalar(itemsNode)) {
    throw new FatalError("`items` must be a list of Kubernetes objects", nodePos(source, itemsNode));
  }
  const seq = (0, import_yaml5.isSeq)(itemsNode) ? itemsNode : void 0;
  const flow = Boolean(seq?.flow) || Boolean(root.flow);
  const items = [];
  const lines = new LineIndex(source);
  seq?.items.forEach((node, index) => {
    if (!(0, import_yaml5.isMap)(node)) {
      throw new FatalError(`items[${index}] is not a Kubernetes object (a mapping)`, nodePos(source, node));
    }
    const [nodeStart, end] = node.range ?? [0, 0];
    const start = withProperties(source, nodeStart);
    const indent3 = lines.linePos(start).col - 1;
    items.push({
      index,
      start,
      end,
      indent: indent3,
      text: dedent(source.slice(start, end), indent3),
      kind: str(node.get("kind")),
      apiVersion: str(node.get("apiVersion"))
    });
  });
  const resultsPair = root.items.find((p) => keyOf(p) === "results");
  return {
    source,
    items,
    functionConfig: root.get("functionConfig", true) ? root.get("functionConfig", true).toJS(doc, { maxAliasCount: MAX_ALIASES }) : void 0,
    resultsSpan: resultsPair ? pairSpan(source, resultsPair) : void 0,
    flow,
    doc: flow ? doc : void 0
  };
}
function writeResourceList(input, replacements, results) {
  if (input.flow) return writeFlowInput(input, replacements, results);
  const edits = [...replacements].map(([index, text2]) => itemEdit(input.source, input.items[index], text2));
  if (input.resultsSpan) edits.push({ start: input.resultsSpan[0], end: input.resultsSpan[1], text: "" });
  let out = spliceEdits(input.source, edits);
  if (results.length > 0) {
    if (!out.endsWith("\n")) out += "\n";
    out += stringifyResults(results);
  }
  return out;
}
function writeFlowInput(input, replacements, results) {
  const root = input.doc.toJS();
  const items = root.items ?? [];
  for (const [index, text2] of replacements) items[index] = parseDocument(text2).toJS();
  const out = { ...root, items };
  delete out.results;
  if (results.length > 0) out.results = results;
  return stringifyForReaders(out, { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false });
}
function origin(itemText) {
  const path = annotation(itemText, "path");
  if (path === void 0) return void 0;
  const index = annotation(itemText, "index");
  return index !== void 0 && /^\d+$/.test(index) ? `${path} (document ${Number(index) + 1})` : path;
}
function annotation(text2, name) {
  const m = new RegExp(`^\\s*(?:internal\\.)?config\\.kubernetes\\.io/${name}:[ \\t]*(['"]?)(.*?)\\1[ \\t]*$`, "m").exec(text2);
  return m?.[2];
}
function originAt(source, offset) {
  const span = scanResourceList(source)?.items.find((s) => s.start <= offset && offset <= s.end);
  return span ? origin(source.slice(span.start, span.end)) : void 0;
}
function spliceEdits(source, edits) {
  let out = "";
  let cursor = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    out += source.slice(cursor, e.start) + e.text;
    cursor = e.end;
  }
  return out + source.slice(cursor);
}
function itemEdit(source, item, text2) {
  return { start: item.start, end: item.end, text: indent(endLike(source.slice(item.start, item.end), text2), item.indent) };
}
function endLike(old, text2) {
  return old.endsWith("\n") ? text2 : text2.replace(/\n$/, "");
}
function sourceOffset(source, item, offset) {
  const lines = item.text.slice(0, offset).split("\n");
  if (lines.length === 1) return item.start + offset;
  let pos = item.start;
  for (let i = 1; i < lines.length; i++) pos = source.indexOf("\n", pos) + 1;
  let lost = 0;
  while (lost < item.indent && source.charCodeAt(pos + lost) === 32) lost++;
  return pos + lost + lines.at(-1).length;
}
function withProperties(source, nodeStart) {
  let first = nodeStart;
  for (let props = 0; ; props++) {
    const blanks = skipBack(source, first, (c) => c === " " || c === "	");
    if (blanks === first) return nodeStart;
    const token = skipBack(source, blanks, (c) => !" 	\n\r,[]{}".includes(c));
    const text2 = source.slice(token, blanks);
    if (text2 === "-") {
      const indent3 = skipBack(source, token, (c) => c === " " || c === "	");
      return props > 0 && (indent3 === 0 || source[indent3 - 1] === "\n") ? first : nodeStart;
    }
    if (text2[0] !== "&" && text2[0] !== "!") return nodeStart;
    first = token;
  }
}
function skipBack(source, end, keep) {
  let i = end;
  while (i > 0 && keep(source[i - 1])) i--;
  return i;
}
function lineStart(source, offset) {
  return source.lastIndexOf("\n", offset - 1) + 1;
}
function pairSpan(source, pair) {
  const key = pair.key;
  const value = pair.value;
  const start = lineStart(source, key.range[0]);
  const end = value?.range ? value.range[2] : key.range[2];
  return [start, end];
}
function keyOf(pair) {
  const k = pair.key;
  return k && typeof k === "object" && "value" in k ? k.value : k;
}
function nodePos(source, node) {
  const offset = node.range?.[0];
  return offset === void 0 ? void 0 : new LineIndex(source).linePos(offset);
}
function isNullScalar(node) {
  return node.value === null;
}
function str(v) {
  return typeof v === "string" ? v : void 0;
}

// src/krm/results.ts
function fromMessage(m) {
  if (typeof m === "string") return { message: m };
  return { message: m.summary, ...m.detail ? { detail: m.detail } : {}, ...m.fix ? { fix: m.fix } : {} };
}
function fullMessage(r, fix = r.fix) {
  return [r.message, r.detail, fix ? `fix: ${fix}` : void 0].filter(Boolean).join("\n");
}
function wireResult(r) {
  const { detail: _detail, fix, ...rest } = r;
  const rule = r.tags?.rule;
  const summary = rule ? `${r.message} [${rule}]` : r.message;
  const lines = fullMessage({ ...r, message: summary }, fix === RUN_FIX ? "mode: apply" : fix).split("\n");
  return { ...rest, message: lines.map((l, i) => i < lines.length - 1 ? asSentence(l) : l).join("\n") };
}
function asSentence(line) {
  return /[.!?:;]$/.test(line) ? line : `${line}.`;
}
function formatResult(r) {
  const where = r.resourceRef ? `${r.resourceRef.kind}/${r.resourceRef.namespace ? r.resourceRef.namespace + "/" : ""}${r.resourceRef.name}` : "";
  const field = r.field?.path && !r.message.startsWith(r.field.path) ? ` ${r.field.path}` : "";
  const rule = r.tags?.rule ? ` [${r.tags.rule}]` : "";
  const head = [r.severity, rule.trim()].filter(Boolean).join(" ");
  const line = printable(`pod-sequencer: ${head}: ${where}${field}${where || field ? ": " : ""}${r.message}`);
  return r.fix ? `${line}
${printable(`  fix: ${r.fix === RUN_FIX ? "mode: apply" : r.fix}`)}` : line;
}
var RANK = { info: 0, warning: 1, error: 2 };
function atOrAbove(severity, level) {
  return level !== "none" && RANK[severity] >= RANK[level];
}
function failsOn(results, level) {
  return results.some((r) => !isSuppressed(r) && atOrAbove(r.severity, level) && (r.tags?.rule !== void 0 || r.severity !== "info"));
}
function isSuppressed(r) {
  return r.tags?.suppressed !== void 0;
}

// src/process.ts
var import_yaml11 = __toESM(require_dist(), 1);

// src/pod/host.ts
function windowsField(w) {
  const os = w.pod.os;
  if (os?.name === "windows") return "os";
  const selector = w.pod.nodeSelector;
  return selector?.["kubernetes.io/os"] === "windows" ? "nodeSelector" : void 0;
}
function onWindows(w) {
  return windowsField(w) !== void 0;
}
function windowsNote(w) {
  const field = windowsField(w) === "os" ? "os.name: windows" : "nodeSelector kubernetes.io/os: windows";
  const base2 = "The waits and wrappers pod-sequencer writes are POSIX shell in Linux images; it adds no Linux container and rewrites no command here.";
  const job2 = w.jobLike ? " For the pod to complete while a sidecar runs, the app must end the sidecar itself when its work is done (the sidecar's quit endpoint, for example cloud-sql-proxy's --quitquitquit), or the sidecar must be native (an init container with restartPolicy: Always, Kubernetes 1.29 or later), which ends after the app without a wrapper." : "";
  return { summary: `Windows pod (${field}): left unchanged`, detail: base2 + job2 };
}
function onHostNetwork(w) {
  return w.pod.hostNetwork === true;
}
function resolvesClusterNames(w) {
  return !onHostNetwork(w) || w.pod.dnsPolicy === "ClusterFirstWithHostNet";
}
var SYSTEM_NAMESPACES = ["kube-system", "kube-public", "kube-node-lease"];

// src/config/types.ts
function versionAssumed(cfg) {
  return cfg.kubernetesVersionAssumed !== void 0 && cfg.kubernetesVersionAssumed === cfg.kubernetesVersion;
}

// src/yaml/sync.ts
var import_yaml6 = __toESM(require_dist(), 1);
var UNKNOWN = /* @__PURE__ */ Symbol("unknown");
function syncDocument(doc, value, pool = /* @__PURE__ */ new Map(), before, poolLists) {
  const s = {
    poolLists,
    doc,
    pool,
    olds: before?.pool ?? /* @__PURE__ */ new Map(),
    synced: /* @__PURE__ */ new Set(),
    holders: before?.holders ?? /* @__PURE__ */ new Set(),
    pooled: new Set(pool.values()),
    dirty: false
  };
  doc.contents = syncIn(s, doc.contents, before ? before.value : UNKNOWN, value);
  quoteForReaders(doc.contents, (n) => isNewNode(n) || rewritten.has(n));
}
var rewritten = /* @__PURE__ */ new WeakSet();
function oldOf(s, node, old) {
  return old === UNKNOWN ? valueOf(s.doc, node) : old;
}
function valueOf(doc, node) {
  try {
    return node.toJS(doc);
  } catch (e) {
    if (e instanceof ReferenceError) return UNKNOWN;
    throw e;
  }
}
function syncIn(s, node, old, value) {
  const { doc } = s;
  if (node && s.dirty && s.holders.has(node)) old = UNKNOWN;
  if (node && s.pooled.has(node)) s.dirty = true;
  if (node && deepEqual(oldOf(s, node, old), value)) return node;
  if ((0, import_yaml6.isMap)(node) && isPlainObject(value)) {
    syncMap(s, node, old, value);
    return node;
  }
  if ((0, import_yaml6.isSeq)(node) && Array.isArray(value)) {
    syncSeq(s, node, old, value);
    return node;
  }
  if ((0, import_yaml6.isScalar)(node) && !isObjectLike(value)) {
    node.value = value;
    rewritten.add(node);
    if (typeof value !== "string") node.type = import_yaml6.Scalar.PLAIN;
    styleScalar(node);
    return node;
  }
  return createNode(doc, value);
}
function createNode(doc, value) {
  const node = doc.createNode(value);
  (0, import_yaml6.visit)(node, { Scalar: (_, s) => void styleScalar(s) });
  return node;
}
function styleScalar(s) {
  if (typeof s.value === "string" && s.value.includes("\n")) s.type = import_yaml6.Scalar.BLOCK_LITERAL;
}
function needsBlock(items) {
  return items.some((v) => isObjectLike(v) || typeof v === "string" && v.includes("\n"));
}
function oldEntries(map, old) {
  if (!isPlainObject(old)) return void 0;
  const keys2 = Object.keys(old);
  if (keys2.length !== map.items.length) return void 0;
  for (const pair of map.items) {
    const key = keyString(pair);
    if (key === void 0 || !Object.prototype.hasOwnProperty.call(old, key)) return void 0;
  }
  return old;
}
function syncMap(s, map, old, value) {
  const { doc } = s;
  const olds = old === UNKNOWN ? void 0 : oldEntries(map, old);
  map.items = map.items.filter((pair) => {
    const key = keyString(pair);
    return key !== void 0 && Object.prototype.hasOwnProperty.call(value, key) && value[key] !== void 0;
  });
  const keys2 = Object.keys(value).filter((k) => value[k] !== void 0);
  keys2.forEach((key, i) => {
    const pair = map.items.find((p) => keyString(p) === key);
    if (pair) {
      pair.value = syncIn(s, pair.value, olds ? olds[key] : UNKNOWN, value[key]);
      return;
    }
    const next = keys2.slice(i + 1).map((k) => map.items.findIndex((p) => keyString(p) === k)).find((at) => at >= 0);
    const created = doc.createPair(key, fromPool(s, value[key]) ?? createNode(doc, value[key]));
    map.items.splice(next ?? map.items.length, 0, created);
  });
}
function syncSeq(s, seq, oldValue, value) {
  const { doc } = s;
  const old = seq.items;
  const olds = Array.isArray(oldValue) && oldValue.length === old.length ? oldValue : void 0;
  const oldAt = (i) => olds ? olds[i] : UNKNOWN;
  const used = /* @__PURE__ */ new Set();
  if (seq.flow && needsBlock(value)) seq.flow = false;
  if (value.length === 0) seq.flow = true;
  if (seq.commentBefore && value.length > 0 && (0, import_yaml6.isMap)(old[0]) && nameOf(value[0]) !== nameOf(oldOf(s, old[0], oldAt(0)))) {
    old[0].commentBefore = [seq.commentBefore, old[0].commentBefore].filter(Boolean).join("\n");
    seq.commentBefore = void 0;
  }
  seq.items = value.map((v, i) => {
    const name = nameOf(v);
    let node;
    let prev = UNKNOWN;
    if (name !== void 0) {
      const at = old.findIndex((n) => !used.has(n) && nameOf(plain(doc, n)) === name);
      if (at >= 0) {
        node = old[at];
        prev = oldAt(at);
      } else if (!s.poolLists || s.poolLists.has(value)) {
        node = takeFromPool(s.pool, name, used);
        if (node && s.olds.has(node)) prev = s.olds.get(node);
      }
    } else if (old[i] && !used.has(old[i]) && deepEqual(oldOf(s, old[i], oldAt(i)), v)) {
      node = old[i];
      prev = oldAt(i);
    }
    if (node) {
      used.add(node);
      if (s.synced.has(node)) prev = UNKNOWN;
      s.synced.add(node);
    }
    return syncIn(s, node ?? null, prev, v);
  });
}
function fromPool(s, value) {
  if (!Array.isArray(value) || s.poolLists && !s.poolLists.has(value)) return void 0;
  if (!value.some((v) => nameOf(v) !== void 0 && s.pool.has(nameOf(v)))) return void 0;
  const seq = s.doc.createNode([]);
  syncSeq(s, seq, [], value);
  return seq;
}
function takeFromPool(pool, name, used) {
  const node = pool.get(name);
  if (!node || used.has(node)) return void 0;
  pool.delete(name);
  return node;
}
function plain(doc, node) {
  return (0, import_yaml6.isMap)(node) ? { name: nodeName(doc, node) } : valueOf(doc, node);
}
function nodeName(doc, node) {
  if (!(0, import_yaml6.isMap)(node)) return void 0;
  const name = node.get("name", true);
  const target2 = (0, import_yaml6.isAlias)(name) ? name.resolve(doc) : name;
  return (0, import_yaml6.isScalar)(target2) ? target2.value ?? void 0 : void 0;
}
function nameOf(v) {
  return isPlainObject(v) && typeof v.name === "string" ? v.name : void 0;
}
function keyString(pair) {
  const k = pair.key;
  if ((0, import_yaml6.isScalar)(k)) return String(k.value);
  return typeof k === "string" ? k : void 0;
}
function isPlainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function isObjectLike(v) {
  return typeof v === "object" && v !== null;
}
function copyValue(v) {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    const out2 = new Array(v.length);
    for (let i = 0; i < v.length; i++) out2[i] = copyValue(v[i]);
    return out2;
  }
  const out = {};
  for (const k in v) out[k] = copyValue(v[k]);
  return out;
}
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b)) return false;
  if (array) {
    const bb = b;
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  const ao = a;
  const bo = b;
  let defined2 = 0;
  for (const k in ao) {
    if (ao[k] === void 0) continue;
    defined2++;
    if (!deepEqual(ao[k], bo[k])) return false;
  }
  for (const k in bo) if (bo[k] !== void 0) defined2--;
  return defined2 === 0;
}

// src/workloads/catalog.ts
var job = (path, extra = {}) => ({ path, completes: true, sidecarsEndedBy: "tool", ...extra });
var service = (path) => ({ path, completes: false, sidecarsEndedBy: "nobody" });
var KUBEFLOW = "kubeflow/training-operator@v1.9.0:pkg/apis/kubeflow.org/v1";
var replicas = (field, defaultRestartPolicy) => [
  job(`spec.${field}.*.template`, { restartPolicyField: "restartPolicy", defaultRestartPolicy })
];
var kubeflowAlso = { source: `${KUBEFLOW}/common_types.go`, quote: 'Template v1.PodTemplateSpec `json:"template,omitempty"`' };
var RAY = "ray-project/kuberay@v1.6.0:ray-operator/apis/ray/v1";
var rayCluster = (at) => [service(`${at}.headGroupSpec.template`), service(`${at}.workerGroupSpecs[].template`)];
var RAY_1_0 = "ray-project/kuberay@v1.0.0:ray-operator/apis/ray/v1";
var rayAlso = [
  { source: `${RAY}/raycluster_types.go`, quote: 'HeadGroupSpec HeadGroupSpec `json:"headGroupSpec"`' },
  { source: `${RAY}/raycluster_types.go`, quote: 'WorkerGroupSpecs []WorkerGroupSpec `json:"workerGroupSpecs,omitempty"`' },
  // The range's first end: the same fields in v1.0.0, the first release of the ray.io/v1 types.
  { source: `${RAY_1_0}/raycluster_types.go`, quote: 'WorkerGroupSpecs []WorkerGroupSpec `json:"workerGroupSpecs,omitempty"`' },
  { source: `${RAY_1_0}/raycluster_types.go`, quote: 'Template v1.PodTemplateSpec `json:"template"`' }
];
var ARGO_TYPES = "argoproj/argo-workflows@v3.6.0:pkg/apis/workflow/v1alpha1";
var argoTemplates = (at) => [{ path: `${at}.templates[]`, completes: true, sidecarsEndedBy: "controller", shape: "argo" }];
var argoAlso = [
  { source: `${ARGO_TYPES}/workflow_types.go`, quote: "// Sidecars are automatically killed when the main container completes" },
  { source: "argoproj/argo-workflows@v3.6.0:docs/sidecar-injection.md", quote: "## How We Kill Sidecars Using `kubectl exec`" }
];
var ARGO_NOTE = "Argo Workflows' controller kills a step's sidecars (injected ones too, by kubectl exec) when its main container completes (docs/sidecar-injection.md)";
var TEKTON = "tektoncd/pipeline@v0.68.0:pkg/apis/pipeline/v1";
var tektonAlso = [
  { source: `${TEKTON}/task_types.go`, quote: 'Sidecars []Sidecar `json:"sidecars,omitempty"`' },
  { source: "tektoncd/pipeline@v0.68.0:docs/tasks.md", quote: "Tekton uses a container image named `nop` to terminate `Sidecars`." }
];
var TEKTON_NOTE = "Tekton's controller stops a TaskRun's sidecars once its steps are done (it swaps their image for `nop`, docs/tasks.md)";
var tekton = (path) => ({ path, completes: true, sidecarsEndedBy: "controller", shape: "tekton" });
var JOBSET_SITE = "spec.replicatedJobs[].template.spec.template";
var KNATIVE = "knative/serving@knative-v1.23.0:pkg/apis/serving";
var MPI = "kubeflow/mpi-operator@v0.8.0:pkg/apis/kubeflow/v2beta1";
var MPI_FIRST = { what: "mpi-operator gives it the MPI env, the SSH keys and sshd" };
var CATALOG = [
  {
    group: "jobset.x-k8s.io",
    kind: "JobSet",
    versions: ["v1alpha2"],
    templates: [job(JOBSET_SITE)],
    since: "v0.2.0",
    source: "kubernetes-sigs/jobset@v0.12.0:api/jobset/v1alpha2/jobset_types.go",
    quote: 'Template batchv1.JobTemplateSpec `json:"template"`',
    also: [
      {
        source: "kubernetes-sigs/jobset@v0.12.0:api/jobset/v1alpha2/jobset_types.go",
        quote: 'ReplicatedJobs []ReplicatedJob `json:"replicatedJobs,omitempty"'
      },
      { source: "kubernetes-sigs/jobset@v0.2.0:api/jobset/v1alpha2/jobset_types.go", quote: 'Template batchv1.JobTemplateSpec `json:"template"`' }
    ]
  },
  ...[
    [
      "PyTorchJob",
      "pytorchReplicaSpecs",
      "pytorch_types.go",
      'PyTorchReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"pytorchReplicaSpecs"`',
      "PyTorch",
      "OnFailure"
    ],
    ["TFJob", "tfReplicaSpecs", "tensorflow_types.go", 'TFReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"tfReplicaSpecs"`', "TF", "Never"],
    ["MPIJob", "mpiReplicaSpecs", "mpi_types.go", 'MPIReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"mpiReplicaSpecs"`', "MPI", "Never"],
    ["XGBoostJob", "xgbReplicaSpecs", "xgboost_types.go", 'XGBReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"xgbReplicaSpecs"`', "XGBoost", "Never"],
    [
      "PaddleJob",
      "paddleReplicaSpecs",
      "paddlepaddle_types.go",
      'PaddleReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"paddleReplicaSpecs"`',
      "Paddle",
      "OnFailure"
    ],
    ["JAXJob", "jaxReplicaSpecs", "jax_types.go", 'JAXReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"jaxReplicaSpecs"`', "JAX", "Never"]
  ].map(([kind2, field, file, quote, prefix2, restart]) => ({
    group: "kubeflow.org",
    kind: kind2,
    versions: ["v1"],
    templates: replicas(field, restart),
    ...kind2 === "JAXJob" ? { since: "v1.9.0" } : { since: "v1.7.0" },
    source: `${KUBEFLOW}/${file}`,
    quote,
    also: [
      // The range's first end: the same field at v1.7.0 (JAXJob came in v1.9.0).
      { source: `kubeflow/training-operator@${kind2 === "JAXJob" ? "v1.9.0" : "v1.7.0"}:pkg/apis/kubeflow.org/v1/${file}`, quote },
      kubeflowAlso,
      { source: `${KUBEFLOW}/common_types.go`, quote: 'RestartPolicyExitCode RestartPolicy = "ExitCode"' },
      { source: `${KUBEFLOW}/${file}`, quote: `${prefix2}JobDefaultRestartPolicy = RestartPolicy${restart}` },
      // The controller writes ReplicaSpec.restartPolicy into the pod (ExitCode as Never).
      { source: "kubeflow/training-operator@v1.9.0:pkg/core/pod.go", quote: "podTemplateSpec.Spec.RestartPolicy = v1.RestartPolicyNever" }
    ]
  })),
  // Kubeflow Trainer v2: a runtime holds a JobSet template; a TrainJob holds only overrides (no template).
  ...["TrainingRuntime", "ClusterTrainingRuntime"].map((kind2) => ({
    group: "trainer.kubeflow.org",
    kind: kind2,
    versions: ["v1alpha1"],
    templates: [job(`spec.template.${JOBSET_SITE}`)],
    since: "v2.0.0",
    source: "kubeflow/trainer@v2.1.0:pkg/apis/trainer/v1alpha1/trainingruntime_types.go",
    quote: 'Spec jobsetv1alpha2.JobSetSpec `json:"spec,omitempty"`',
    also: [
      { source: "kubeflow/trainer@v2.1.0:pkg/apis/trainer/v1alpha1/trainingruntime_types.go", quote: 'Template JobSetTemplateSpec `json:"template,omitzero"`' },
      { source: "kubeflow/trainer@v2.0.0:pkg/apis/trainer/v1alpha1/trainingruntime_types.go", quote: 'Spec jobsetv1alpha2.JobSetSpec `json:"spec,omitempty"`' }
    ]
  })),
  {
    // The submitter runs `ray job submit` to completion; the cluster's head and workers serve until the RayJob ends them.
    group: "ray.io",
    kind: "RayJob",
    versions: ["v1"],
    templates: [...rayCluster("spec.rayClusterSpec"), job("spec.submitterPodTemplate")],
    since: "v1.0.0",
    source: `${RAY}/rayjob_types.go`,
    quote: 'SubmitterPodTemplate *corev1.PodTemplateSpec `json:"submitterPodTemplate,omitempty"`',
    also: [
      { source: `${RAY}/rayjob_types.go`, quote: 'RayClusterSpec *RayClusterSpec `json:"rayClusterSpec,omitempty"`' },
      ...rayAlso,
      {
        source: "ray-project/kuberay@v1.0.0:ray-operator/apis/ray/v1/rayjob_types.go",
        quote: 'SubmitterPodTemplate *v1.PodTemplateSpec `json:"submitterPodTemplate,omitempty"`'
      }
    ]
  },
  {
    group: "ray.io",
    kind: "RayCluster",
    versions: ["v1"],
    templates: rayCluster("spec"),
    since: "v1.0.0",
    source: `${RAY}/raycluster_types.go`,
    quote: 'Template corev1.PodTemplateSpec `json:"template"`',
    also: rayAlso
  },
  {
    group: "ray.io",
    kind: "RayService",
    versions: ["v1"],
    templates: rayCluster("spec.rayClusterConfig"),
    since: "v1.0.0",
    source: `${RAY}/rayservice_types.go`,
    quote: 'RayClusterSpec RayClusterSpec `json:"rayClusterConfig"`',
    also: [...rayAlso, { source: `${RAY_1_0}/rayservice_types.go`, quote: 'RayClusterSpec `json:"rayClusterConfig,omitempty"`' }]
  },
  {
    group: "keda.sh",
    kind: "ScaledJob",
    versions: ["v1alpha1"],
    templates: [
      job("spec.jobTargetRef.template", {
        firstContainer: {
          what: "KEDA's scalers read their *FromEnv values from it",
          nameField: "spec.envSourceContainerName",
          envNames: { at: "spec.triggers[].metadata", keySuffix: "FromEnv" }
        }
      })
    ],
    // Read back to v2.5.0, where the types moved to apis/; older releases kept them in api/.
    since: "v2.5.0",
    source: "kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaledjob_types.go",
    quote: 'JobTargetRef *batchv1.JobSpec `json:"jobTargetRef"`',
    also: [
      { source: "kedacore/keda@v2.5.0:apis/keda/v1alpha1/scaledjob_types.go", quote: 'JobTargetRef *batchv1.JobSpec `json:"jobTargetRef"`' },
      {
        source: "kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaledjob_types.go",
        quote: 'EnvSourceContainerName string `json:"envSourceContainerName,omitempty"`'
      },
      // No envSourceContainerName: the scalers' env comes from the first container.
      { source: "kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go", quote: "container = podSpec.Containers[0]" },
      {
        source: "kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go",
        quote: "return &obj.Spec.JobTargetRef.Template, obj.Spec.EnvSourceContainerName, nil"
      },
      // That container's env as KEDA reads it (resolveEnv): envFrom's ConfigMaps and Secrets, then
      // each env entry's value, secretKeyRef or configMapKeyRef; fieldRef and resourceFieldRef are skipped.
      { source: "kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go", quote: "for _, source := range container.EnvFrom {" },
      { source: "kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go", quote: "fieldRef and resourceFieldRef env are skipped" },
      // envNames: a trigger's `<param>FromEnv` metadata value is the variable read from it (the
      // typed config; older scalers read the key themselves, rabbitmq's hostFromEnv since v2.5.0).
      { source: "kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaledjob_types.go", quote: 'Triggers        []ScaleTriggers `json:"triggers"`' },
      { source: "kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaletriggers_types.go", quote: 'Metadata map[string]string `json:"metadata"`' },
      { source: "kedacore/keda@v2.17.0:pkg/scalers/scalersconfig/typed_config.go", quote: 'key = sc.TriggerMetadata[fmt.Sprintf("%sFromEnv", key)]' },
      { source: "kedacore/keda@v2.5.0:pkg/scalers/rabbitmq_scaler.go", quote: 'meta.host = config.ResolvedEnv[config.TriggerMetadata["hostFromEnv"]]' }
    ]
  },
  {
    // mpi-operator's own MPIJob (kubeflow.org/v2beta1), the one in use since v0.4.0; kubeflow.org/v1 is
    // the training-operator's, above. The launcher runs mpirun to completion; workers serve sshd.
    group: "kubeflow.org",
    kind: "MPIJob",
    versions: ["v2beta1"],
    templates: [
      job("spec.mpiReplicaSpecs.Launcher.template", { restartPolicyField: "restartPolicy", defaultRestartPolicy: "OnFailure", firstContainer: MPI_FIRST }),
      { ...service("spec.mpiReplicaSpecs.Worker.template"), restartPolicyField: "restartPolicy", defaultRestartPolicy: "Never", firstContainer: MPI_FIRST }
    ],
    since: "v0.4.0",
    source: `${MPI}/types.go`,
    quote: 'MPIReplicaSpecs map[MPIReplicaType]*ReplicaSpec `json:"mpiReplicaSpecs"`',
    also: [
      {
        source: "kubeflow/mpi-operator@v0.4.0:pkg/apis/kubeflow/v2beta1/types.go",
        quote: 'MPIReplicaSpecs map[MPIReplicaType]*common.ReplicaSpec `json:"mpiReplicaSpecs"`'
      },
      { source: `${MPI}/types.go`, quote: 'Template v1.PodTemplateSpec `json:"template,omitempty"`' },
      { source: `${MPI}/constants.go`, quote: "DefaultLauncherRestartPolicy = RestartPolicyOnFailure" },
      { source: `${MPI}/constants.go`, quote: "DefaultRestartPolicy = RestartPolicyNever" },
      // The launcher's and each worker's first container gets the MPI env, sshd and the SSH keys.
      { source: "kubeflow/mpi-operator@v0.8.0:pkg/controller/mpi_job_controller.go", quote: "container := &podTemplate.Spec.Containers[0]" },
      { source: "kubeflow/mpi-operator@v0.8.0:pkg/controller/mpi_job_controller.go", quote: "mainContainer := &podSpec.Containers[0]" }
    ]
  },
  {
    group: "batch.volcano.sh",
    kind: "Job",
    versions: ["v1alpha1"],
    templates: [job("spec.tasks[].template")],
    source: "volcano-sh/apis@v1.12.0:pkg/apis/batch/v1alpha1/job.go",
    quote: 'Tasks []TaskSpec `json:"tasks,omitempty" protobuf:"bytes,4,opt,name=tasks"`',
    also: [
      {
        source: "volcano-sh/apis@v1.12.0:pkg/apis/batch/v1alpha1/job.go",
        quote: 'Template v1.PodTemplateSpec `json:"template,omitempty" protobuf:"bytes,4,opt,name=template"`'
      }
    ]
  },
  {
    group: "batch.volcano.sh",
    kind: "CronJob",
    versions: ["v1alpha1"],
    templates: [job("spec.jobTemplate.spec.tasks[].template")],
    since: "v1.13.0",
    source: "volcano-sh/apis@v1.13.0:pkg/apis/batch/v1alpha1/job.go",
    quote: 'JobTemplate JobTemplateSpec `json:"jobTemplate" protobuf:"bytes,6,opt,name=jobTemplate"`',
    also: [{ source: "volcano-sh/apis@v1.13.0:pkg/apis/batch/v1alpha1/job.go", quote: "type CronJob struct" }]
  },
  {
    group: "argoproj.io",
    kind: "Rollout",
    versions: ["v1alpha1"],
    templates: [service("spec.template")],
    source: "argoproj/argo-rollouts@v1.8.0:pkg/apis/rollouts/v1alpha1/types.go",
    quote: 'Template corev1.PodTemplateSpec `json:"template" protobuf:"bytes,3,opt,name=template"`'
  },
  // Knative: a RevisionTemplateSpec is {metadata, spec} with the PodSpec inlined in spec.
  ...["Service", "Configuration"].map((kind2) => ({
    group: "serving.knative.dev",
    kind: kind2,
    versions: ["v1"],
    templates: [{ ...service("spec.template"), namesOptional: true, refuses: ["lifecycle", "restartPolicy", "initContainers", "initProbes"] }],
    source: "knative/serving@v0.45.0:pkg/apis/serving/v1/configuration_types.go",
    quote: 'Template RevisionTemplateSpec `json:"template"`',
    also: [
      { source: "knative/serving@v0.45.0:pkg/apis/serving/v1/revision_types.go", quote: 'corev1.PodSpec `json:",inline"`' },
      { source: "knative/serving@v0.45.0:pkg/apis/config/defaults.go", quote: 'DefaultUserContainerName = "user-container"' },
      // Its webhook refuses every container field ContainerMask does not copy: lifecycle is
      // dropped by name, and restartPolicy is not among the fields it copies.
      { source: `${KNATIVE}/k8s_validation.go`, quote: "errs := apis.CheckDisallowedFields(container, *ContainerMask(&container))" },
      { source: `${KNATIVE}/fieldmask.go`, quote: "out.Lifecycle = nil" },
      // Init containers only behind a flag, off by default; none with a probe or lifecycle.
      { source: `${KNATIVE}/fieldmask.go`, quote: "if cfg.Features.PodSpecInitContainers != config.Disabled {" },
      { source: "knative/serving@knative-v1.23.0:pkg/apis/config/features.go", quote: "PodSpecInitContainers:            Disabled," },
      { source: `${KNATIVE}/k8s_validation.go`, quote: "pod spec support for init-containers is off, " },
      { source: `${KNATIVE}/k8s_validation.go`, quote: 'Paths:   []string{"startupProbe"},' },
      ...kind2 === "Service" ? [{ source: "knative/serving@v0.45.0:pkg/apis/serving/v1/service_types.go", quote: 'ConfigurationSpec `json:",inline"`' }] : []
    ]
  })),
  {
    group: "argoproj.io",
    kind: "Workflow",
    versions: ["v1alpha1"],
    templates: argoTemplates("spec"),
    source: `${ARGO_TYPES}/workflow_types.go`,
    quote: 'Templates []Template `json:"templates,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,1,opt,name=templates"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE
  },
  {
    group: "argoproj.io",
    kind: "WorkflowTemplate",
    versions: ["v1alpha1"],
    templates: argoTemplates("spec"),
    source: `${ARGO_TYPES}/workflow_template_types.go`,
    quote: 'WorkflowSpec `json:"spec" protobuf:"bytes,2,opt,name=spec"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE
  },
  {
    group: "argoproj.io",
    kind: "ClusterWorkflowTemplate",
    versions: ["v1alpha1"],
    templates: argoTemplates("spec"),
    source: `${ARGO_TYPES}/cluster_workflow_template_types.go`,
    quote: 'WorkflowSpec `json:"spec" protobuf:"bytes,2,opt,name=spec"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE
  },
  {
    group: "argoproj.io",
    kind: "CronWorkflow",
    versions: ["v1alpha1"],
    templates: argoTemplates("spec.workflowSpec"),
    source: `${ARGO_TYPES}/cron_workflow_types.go`,
    quote: 'WorkflowSpec WorkflowSpec `json:"workflowSpec" protobuf:"bytes,1,opt,name=workflowSpec,casttype=WorkflowSpec"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE
  },
  {
    // A Task's annotations reach its TaskRuns' pods; its steps and sidecars are the containers.
    group: "tekton.dev",
    kind: "Task",
    versions: ["v1", "v1beta1"],
    templates: [tekton("")],
    source: `${TEKTON}/task_types.go`,
    quote: 'Steps []Step `json:"steps,omitempty"`',
    also: tektonAlso,
    controllerNote: TEKTON_NOTE
  },
  {
    group: "tekton.dev",
    kind: "TaskRun",
    versions: ["v1", "v1beta1"],
    templates: [tekton("spec.taskSpec")],
    source: `${TEKTON}/taskrun_types.go`,
    quote: 'TaskSpec *TaskSpec `json:"taskSpec,omitempty"`',
    also: tektonAlso,
    controllerNote: TEKTON_NOTE
  },
  {
    group: "tekton.dev",
    kind: "Pipeline",
    versions: ["v1", "v1beta1"],
    templates: [tekton("spec.tasks[].taskSpec"), tekton("spec.finally[].taskSpec")],
    source: `${TEKTON}/pipeline_types.go`,
    quote: 'TaskSpec *EmbeddedTask `json:"taskSpec,omitempty"`',
    also: [...tektonAlso, { source: `${TEKTON}/pipeline_types.go`, quote: 'Metadata PipelineTaskMetadata `json:"metadata,omitempty"`' }],
    controllerNote: TEKTON_NOTE
  },
  {
    group: "tekton.dev",
    kind: "PipelineRun",
    versions: ["v1", "v1beta1"],
    templates: [tekton("spec.pipelineSpec.tasks[].taskSpec"), tekton("spec.pipelineSpec.finally[].taskSpec")],
    source: `${TEKTON}/pipelinerun_types.go`,
    quote: 'PipelineSpec *PipelineSpec `json:"pipelineSpec,omitempty"`',
    also: [...tektonAlso, { source: `${TEKTON}/pipeline_types.go`, quote: 'Finally []PipelineTask `json:"finally,omitempty"`' }],
    controllerNote: TEKTON_NOTE
  },
  {
    // v1beta1 is on the main branch after v1.9.0 (commit 07169cfac7b9), not yet in a release.
    group: "apps.kruise.io",
    kind: "CloneSet",
    versions: ["v1alpha1", "v1beta1"],
    templates: [service("spec.template")],
    source: "openkruise/kruise@v1.8.0:apis/apps/v1alpha1/cloneset_types.go",
    quote: 'Template v1.PodTemplateSpec `json:"template"`',
    also: [
      {
        source: "openkruise/kruise@07169cfac7b9cf7800dda1b8652f850cc3184132:apis/apps/v1beta1/cloneset_types.go",
        quote: 'Template v1.PodTemplateSpec `json:"template"`'
      }
    ]
  },
  {
    group: "apps.kruise.io",
    kind: "StatefulSet",
    versions: ["v1beta1", "v1alpha1"],
    templates: [service("spec.template")],
    source: "openkruise/kruise@v1.8.0:apis/apps/v1beta1/statefulset_types.go",
    quote: 'Template v1.PodTemplateSpec `json:"template"`',
    also: [{ source: "openkruise/kruise@v1.8.0:apis/apps/v1alpha1/statefulset_types.go", quote: 'Template v1.PodTemplateSpec `json:"template"`' }]
  },
  {
    group: "apps.kruise.io",
    kind: "BroadcastJob",
    versions: ["v1alpha1", "v1beta1"],
    templates: [job("spec.template")],
    source: "openkruise/kruise@v1.8.0:apis/apps/v1alpha1/broadcastjob_types.go",
    quote: 'Template v1.PodTemplateSpec `json:"template" protobuf:"bytes,2,opt,name=template"`',
    also: [
      {
        source: "openkruise/kruise@v1.9.0:apis/apps/v1beta1/broadcastjob_types.go",
        quote: 'Template v1.PodTemplateSpec `json:"template" protobuf:"bytes,2,opt,name=template"`'
      }
    ]
  }
];
var POD_OWNERS = [
  {
    group: "argoproj.io",
    kind: "Workflow",
    label: "workflows.argoproj.io/workflow",
    source: "argoproj/argo-workflows@v3.6.0:workflow/common/common.go",
    quote: "// LabelKeyWorkflow is the pod metadata label to indicate the associated workflow name",
    also: argoAlso,
    controllerNote: ARGO_NOTE
  },
  {
    group: "tekton.dev",
    kind: "TaskRun",
    label: "tekton.dev/taskRun",
    source: "tektoncd/pipeline@v0.68.0:pkg/apis/pipeline/register.go",
    quote: "// TaskRunLabelKey is used as the label identifier for a TaskRun",
    also: tektonAlso,
    controllerNote: TEKTON_NOTE
  }
];
var KEDA = "kedacore/keda@v2.17.0:";
var ENV_READERS = [
  {
    group: "keda.sh",
    kind: "ScaledObject",
    target: "spec.scaleTargetRef",
    defaultTarget: { apiVersion: "apps/v1", kind: "Deployment" },
    nameField: "spec.scaleTargetRef.envSourceContainerName",
    envNames: { at: "spec.triggers[].metadata", keySuffix: "FromEnv" },
    what: "KEDA's scalers read their *FromEnv values from it",
    source: `${KEDA}apis/keda/v1alpha1/scaledobject_types.go`,
    quote: 'ScaleTargetRef *ScaleTarget `json:"scaleTargetRef"`',
    also: [
      { source: `${KEDA}apis/keda/v1alpha1/scaledobject_types.go`, quote: 'EnvSourceContainerName string `json:"envSourceContainerName,omitempty"`' },
      { source: `${KEDA}apis/keda/v1alpha1/scaledobject_types.go`, quote: 'Triggers []ScaleTriggers `json:"triggers"`' },
      // The target's pod template and the field, then containers[0] when the field is empty.
      { source: `${KEDA}pkg/scaling/resolver/scale_resolvers.go`, quote: "return &podTemplateSpec, obj.Spec.ScaleTargetRef.EnvSourceContainerName, nil" },
      {
        source: `${KEDA}pkg/scaling/resolver/scale_resolvers.go`,
        quote: "objKey := client.ObjectKey{Namespace: obj.Namespace, Name: obj.Spec.ScaleTargetRef.Name}"
      },
      // No apiVersion or kind: apps/v1 Deployment.
      { source: `${KEDA}apis/keda/v1alpha1/gvkr.go`, quote: 'defaultKind     = "Deployment"' },
      { source: `${KEDA}apis/keda/v1alpha1/gvkr.go`, quote: 'defaultGroup    = "apps"' }
    ]
  }
];
var READER_KINDS = new Set(ENV_READERS.map((r) => r.kind));
function envReaderOf(apiVersion2, kind2) {
  if (!apiVersion2 || !kind2 || !READER_KINDS.has(kind2)) return void 0;
  const group = apiVersion2.split("/")[0];
  return ENV_READERS.find((r) => r.kind === kind2 && r.group === group);
}
function podOwner(metadata) {
  const refs = Array.isArray(metadata.ownerReferences) ? metadata.ownerReferences : [];
  for (const ref of refs) {
    if (typeof ref !== "object" || ref === null || typeof ref.apiVersion !== "string") continue;
    const group = ref.apiVersion.slice(0, Math.max(0, ref.apiVersion.indexOf("/")));
    const row = POD_OWNERS.find((o) => o.group === group && o.kind === ref.kind);
    if (row) return row;
  }
  const labels = metadata.labels;
  if (typeof labels !== "object" || labels === null) return void 0;
  return POD_OWNERS.find((o) => Object.hasOwn(labels, o.label));
}
function catalogKind(apiVersion2, kind2) {
  const slash = apiVersion2.indexOf("/");
  if (slash < 0) return void 0;
  const group = apiVersion2.slice(0, slash);
  const version = apiVersion2.slice(slash + 1);
  return CATALOG.find((k) => k.kind === kind2 && k.group === group && k.versions.includes(version));
}

// src/workloads/kinds.ts
var builtin = (pattern, completes2 = false) => ({
  pattern,
  steps: parsePattern(pattern),
  completes: completes2,
  sidecarsEndedBy: completes2 ? "tool" : "nobody",
  shape: "pod",
  origin: "builtin"
});
var BUILTIN_SITES = {
  Pod: { ...builtin(""), sidecarsEndedBy: "tool" },
  Deployment: builtin("spec.template"),
  StatefulSet: builtin("spec.template"),
  DaemonSet: builtin("spec.template"),
  ReplicaSet: builtin("spec.template"),
  ReplicationController: builtin("spec.template"),
  Job: builtin("spec.template", true),
  PodTemplate: builtin("template"),
  CronJob: builtin("spec.jobTemplate.spec.template", true)
};
function isCoreApiVersion(apiVersion2) {
  if (!apiVersion2) return false;
  const slash = apiVersion2.indexOf("/");
  const dot = apiVersion2.indexOf(".");
  return slash < 0 || dot < 0 || dot > slash;
}
var parsed = /* @__PURE__ */ new WeakMap();
function configSite(w) {
  let site = parsed.get(w);
  if (!site) {
    const completes2 = w.runsToCompletion ?? false;
    site = {
      pattern: normalPattern(w.podTemplatePath),
      steps: parsePattern(w.podTemplatePath),
      completes: completes2,
      sidecarsEndedBy: w.sidecarsEndedBy ?? (completes2 ? "tool" : "nobody"),
      shape: "pod",
      origin: "config"
    };
    parsed.set(w, site);
  }
  return site;
}
var catalogSites = /* @__PURE__ */ new Map();
function fromCatalog(apiVersion2, kind2) {
  const key = `${apiVersion2} ${kind2}`;
  let sites = catalogSites.get(key);
  if (!sites) {
    const row = catalogKind(apiVersion2, kind2);
    if (!row) return void 0;
    sites = row.templates.map((t) => ({
      pattern: t.path,
      steps: parsePattern(t.path),
      completes: t.completes,
      sidecarsEndedBy: t.sidecarsEndedBy,
      shape: t.shape ?? "pod",
      ...t.restartPolicyField ? { restartPolicyField: t.restartPolicyField } : {},
      ...t.defaultRestartPolicy ? { defaultRestartPolicy: t.defaultRestartPolicy } : {},
      ...t.namesOptional ? { namesOptional: true } : {},
      ...t.firstContainer ? { firstContainer: t.firstContainer } : {},
      ...t.refuses ? { refuses: t.refuses } : {},
      origin: "catalog",
      ...row.controllerNote ? { controllerNote: row.controllerNote } : {}
    }));
    catalogSites.set(key, sites);
  }
  return sites;
}
function sitesFor(apiVersion2, kind2, extra) {
  if (!kind2) return void 0;
  const custom = extra.length === 0 ? extra : extra.filter((w) => w.kind === kind2 && w.apiVersion === apiVersion2);
  if (custom.length > 0) return custom.map(configSite);
  if (isCoreApiVersion(apiVersion2)) return BUILTIN_LISTS.get(kind2);
  return apiVersion2 ? fromCatalog(apiVersion2, kind2) : void 0;
}
var BUILTIN_LISTS = new Map(Object.entries(BUILTIN_SITES).map(([kind2, site]) => [kind2, [site]]));
var UNNAMED_CONTAINERS = [
  {
    group: "serving.knative.dev",
    kinds: ["Service", "Configuration", "Revision"],
    source: "knative/serving@knative-v1.23.0:pkg/apis/serving/v1/revision_defaults.go",
    quote: 'if containers[idx].Name == "" {'
  }
];
function allowsUnnamedContainers(apiVersion2, kind2) {
  if (apiVersion2 === void 0 || kind2 === void 0) return false;
  for (const k of UNNAMED_CONTAINERS) if (inGroup(apiVersion2, k.group) && k.kinds.includes(kind2)) return true;
  return false;
}
function inGroup(apiVersion2, group) {
  return apiVersion2.startsWith(group) && (apiVersion2.length === group.length || apiVersion2.charCodeAt(group.length) === 47);
}

// src/workloads/shape.ts
var STRINGS = { list: "string" };
var STRING_MAP = { values: "string" };
var HANDLER = {
  exec: { map: { command: STRINGS } },
  httpGet: {
    map: { path: "string", port: "port", host: "string", scheme: "string", httpHeaders: { list: { map: { name: "string", value: "string" } } } }
  },
  tcpSocket: { map: { port: "port", host: "string" } },
  grpc: { map: { port: "number", service: "string" } },
  sleep: { map: { seconds: "number" } }
};
var PROBE = {
  map: { ...HANDLER, periodSeconds: "number", failureThreshold: "number", timeoutSeconds: "number", initialDelaySeconds: "number", successThreshold: "number" }
};
var SECURITY = {
  map: { runAsUser: "number", runAsGroup: "number", runAsNonRoot: "boolean", privileged: "boolean", capabilities: { map: { add: STRINGS, drop: STRINGS } } }
};
var CONTAINER = {
  image: "string",
  command: STRINGS,
  args: STRINGS,
  workingDir: "string",
  env: { list: { map: { name: "string", value: "string", valueFrom: "mapping" } } },
  envFrom: { list: "mapping" },
  ports: { list: { map: { name: "string", containerPort: "number", protocol: "string" } } },
  volumeMounts: { list: { map: { name: "string", mountPath: "string", subPath: "string", readOnly: "boolean" } } },
  restartPolicy: "string",
  lifecycle: { map: { postStart: { map: HANDLER }, preStop: { map: HANDLER } } },
  startupProbe: PROBE,
  readinessProbe: PROBE,
  livenessProbe: PROBE,
  securityContext: SECURITY,
  resources: "mapping"
};
var POD = {
  volumes: {
    list: {
      map: {
        name: "string",
        configMap: { map: { name: "string", items: { list: { map: { key: "string", path: "string" } } } } },
        secret: { map: { secretName: "string" } },
        projected: "mapping",
        emptyDir: "mapping"
      }
    }
  },
  restartPolicy: "string",
  shareProcessNamespace: "boolean",
  hostNetwork: "boolean",
  hostPID: "boolean",
  dnsPolicy: "string",
  terminationGracePeriodSeconds: "number",
  activeDeadlineSeconds: "number",
  nodeSelector: STRING_MAP,
  os: { map: { name: "string" } },
  securityContext: SECURITY,
  serviceAccountName: "string"
};
var META = { name: "string", namespace: "string", labels: STRING_MAP, annotations: STRING_MAP };
var FACT_KINDS = {
  Namespace: { metadata: { map: META } },
  ConfigMap: { metadata: { map: META }, data: STRING_MAP },
  Service: { metadata: { map: META }, spec: { map: { selector: STRING_MAP } } }
};
function objectProblem(obj, fields) {
  return fieldsProblem(obj, fields, null) && fieldsProblem(obj, fields, []);
}
var JOB = { activeDeadlineSeconds: "number", backoffLimit: "number" };
function fieldsProblem(v, fields, at = []) {
  if (at === null) {
    for (const key in v) {
      const shape = fields[key];
      if (shape === void 0 || !Object.hasOwn(fields, key)) continue;
      const x = v[key];
      if (typeof x === shape) continue;
      const p = shapeProblem(x, shape, null);
      if (p) return p;
    }
    return void 0;
  }
  for (const key in fields) {
    const x = v[key];
    if (x === void 0 || x === null) continue;
    at.push(key);
    const p = shapeProblem(x, fields[key], at);
    at.pop();
    if (p) return p;
  }
  return void 0;
}
function shapeProblem(v, shape, at) {
  if (v === void 0 || v === null) return void 0;
  if (shape === "string" || shape === "number" || shape === "boolean") {
    return typeof v === shape ? void 0 : problemAt(at, `must be a ${shape}, not ${describe(v)}${hint(v, shape)}`);
  }
  if (shape === "port") {
    return typeof v === "number" || typeof v === "string" ? void 0 : problemAt(at, `must be a port number or name, not ${describe(v)}${hint(v, "string")}`);
  }
  if (shape === "mapping") return isObject2(v) ? void 0 : problemAt(at, `must be a mapping, not ${describe(v)}`);
  if ("list" in shape) {
    if (!Array.isArray(v))
      return problemAt(at, `must be a list, not ${describe(v)}${shape.list === "string" ? ' (a command is a list of strings: ["sh", "-c", "..."])' : ""}`);
    for (let i = 0; i < v.length; i++) {
      if (v[i] === null) return problemAt(at, `must be a ${typeof shape.list === "string" ? shape.list : "mapping"}, not null`, i);
      at?.push(i);
      const p = shapeProblem(v[i], shape.list, at);
      at?.pop();
      if (p) return p;
    }
    return void 0;
  }
  if (!isObject2(v))
    return problemAt(
      at,
      "values" in shape ? `must be a mapping of strings, not ${describe(v)} (key: "value", one a line, or {key: "value"})` : `must be a mapping, not ${describe(v)}`
    );
  if ("values" in shape) {
    for (const k in v)
      if (typeof v[k] !== "string") return problemAt(at, `must be a string, not ${describe(v[k])} (quote values such as "true" and "8080")`, k);
    return void 0;
  }
  return fieldsProblem(v, shape.map, at);
}
function problemAt(at, text2, key) {
  return { path: at === null ? [] : key === void 0 ? [...at] : [...at, key], text: text2 };
}
function isObject2(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function describe(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (isObject2(v)) return "a mapping";
  return `${typeof v === "number" ? "the number" : typeof v === "boolean" ? "the boolean" : "the string"} ${JSON.stringify(v)}`;
}
function hint(v, want) {
  if (isObject2(v) && Object.values(v).every((x) => x === null))
    return " (an unfilled template placeholder such as {{VALUE}} reads as one: render the template first, or quote the value)";
  if (want === "string" && (typeof v === "number" || typeof v === "boolean")) return ` (quote it: "${String(v)}")`;
  if (want === "number" && typeof v === "string") return " (write the number without quotes)";
  return "";
}

// src/workloads/workload.ts
function podField(w, ...rest) {
  let out = prefix(w.templatePath, "spec");
  for (const r of rest) out += typeof r === "number" ? `[${r}]` : `.${r}`;
  return out;
}
function podMetaField(w, ...rest) {
  let out = prefix(w.metaPath, null);
  for (const r of rest) out += `.${r}`;
  return out;
}
function controllerWhy(w) {
  return w.site.controllerNote ?? `spec.workloadKinds says sidecarsEndedBy: controller for ${w.kind} (${w.ref.apiVersion})`;
}
function templateField(w) {
  return formatPath(w.templatePath);
}
function prefix(path, last2) {
  const known2 = namesOf(path);
  return last2 ? known2.spec : known2.self;
}
var NAMES = /* @__PURE__ */ new WeakMap();
function namesOf(path) {
  let known2 = NAMES.get(path);
  if (!known2) {
    const spec = formatPath([...path, "spec"]);
    NAMES.set(path, known2 = { self: formatPath(path), spec, restartPolicy: `${spec}.restartPolicy`, meta: [...path, "metadata"] });
  }
  return known2;
}
var LONG_RUNNING = BUILTIN_SITES.Deployment;
var POD_SITE = BUILTIN_SITES.Pod;
var OWNED_POD_SITES = new Map(POD_OWNERS.map((o) => [o, { ...POD_SITE, sidecarsEndedBy: "controller", controllerNote: o.controllerNote }]));
function ownedPodSite(metadata) {
  if (!isObject3(metadata) || metadata.ownerReferences === void 0 && metadata.labels === void 0) return void 0;
  const owner = podOwner(metadata);
  return owner && OWNED_POD_SITES.get(owner);
}
var JOB_KINDS = /* @__PURE__ */ new Set(["Job", "CronJob"]);
function makeWorkload(obj, templatePath, site) {
  const kind2 = String(obj.kind);
  site ??= BUILTIN_SITES[kind2] ?? LONG_RUNNING;
  if (site === POD_SITE && templatePath.length === 0) site = ownedPodSite(obj.metadata) ?? site;
  const template = getPath(obj, templatePath);
  if (!template) return void 0;
  const view = site.shape !== "pod" ? podView(template, templatePath, site) : void 0;
  if (site.shape === "pod" ? !isObject3(template.spec) : !view) return void 0;
  const names = namesOf(templatePath);
  const metaPath = view?.metaPath ?? names.meta;
  const metaHolder = metaPath === names.meta ? template : getPath(obj, metaPath.slice(0, -1));
  if (!metaHolder) return void 0;
  const metadata = isObject3(obj.metadata) ? obj.metadata : {};
  const pod = view?.pod ?? template.spec;
  const beside = site.restartPolicyField ? besidePolicy(obj, templatePath, site) : void 0;
  const restartPolicy = beside ?? ownPolicy(pod, site);
  const w = {
    ref: refOf2(obj, kind2, metadata),
    file: fileOf(metadata.annotations),
    kind: kind2,
    templatePath,
    metaPath,
    metaHolder,
    site,
    view: view !== void 0,
    obj,
    metadata,
    podMeta: podMetaOf,
    pod,
    jobLike: completes(kind2, site, restartPolicy) && site.sidecarsEndedBy === "tool",
    restartPolicy,
    restartPolicyAt: beside !== void 0 ? formatPath([...templatePath.slice(0, -1), site.restartPolicyField]) : names.restartPolicy
  };
  if (view) w.viewSidecars = view.sidecars;
  return w;
}
function podMetaOf() {
  const holder = this.metaHolder;
  if (!isObject3(holder.metadata)) prepend(holder, "metadata", {});
  return holder.metadata;
}
function refOf2(obj, kind2, metadata) {
  const ref = { apiVersion: String(obj.apiVersion), kind: kind2, name: String(metadata.name ?? "") };
  if (metadata.namespace) ref.namespace = String(metadata.namespace);
  return ref;
}
function fileOf(annotations) {
  const path = annotations?.["internal.config.kubernetes.io/path"] ?? annotations?.["config.kubernetes.io/path"];
  if (!path) return void 0;
  const index = annotations["internal.config.kubernetes.io/index"] ?? annotations["config.kubernetes.io/index"];
  return index !== void 0 ? { path, index: Number(index) } : { path };
}
function completes(kind2, site, restartPolicy) {
  if (site.origin === "builtin" && kind2 === "Pod") return restartPolicy === "Never" || restartPolicy === "OnFailure";
  return site.completes;
}
function besidePolicy(obj, templatePath, site) {
  const beside = getPath(obj, templatePath.slice(0, -1))?.[site.restartPolicyField];
  if (typeof beside === "string") return beside === "ExitCode" ? "Never" : beside;
  return site.defaultRestartPolicy;
}
function ownPolicy(pod, site) {
  if (typeof pod.restartPolicy === "string") return pod.restartPolicy;
  return site.defaultRestartPolicy ?? (site.completes ? "Never" : "Always");
}
function podView(template, templatePath, site) {
  const at = site.shape === "tekton" && isObject3(template.spec) && Array.isArray(template.spec.steps) ? template.spec : template;
  const containers = [];
  const take = (v, name) => {
    if (isObject3(v)) containers.push({ ...name ? { name } : {}, ...v });
    else if (Array.isArray(v)) {
      for (const c of v) if (isObject3(c)) containers.push(c);
    }
  };
  if (site.shape === "argo") {
    take(template.container, "main");
    take(template.script, "main");
    take(isObject3(template.containerSet) ? template.containerSet.containers : void 0);
  } else take(at.steps);
  if (containers.length === 0) return void 0;
  const own = containers.length;
  take(at.sidecars);
  const sidecars = containers.slice(own).map((c, i) => typeof c.name === "string" ? c.name : `sidecars[${i}]`);
  const pod = { containers, ...Array.isArray(template.initContainers) ? { initContainers: template.initContainers } : {} };
  const ownMeta = site.shape === "argo" || templatePath.length === 0 || templatePath.some((p) => typeof p === "number");
  return { pod: copyValue(pod), metaPath: ownMeta ? [...templatePath, "metadata"] : ["metadata"], sidecars };
}
function podMetadata(w) {
  const meta = w.metaHolder.metadata;
  return isObject3(meta) ? meta : void 0;
}
function podAnnotations(w) {
  return podMetadata(w)?.annotations ?? {};
}
function podLabels(w) {
  return podMetadata(w)?.labels ?? {};
}
function podDeadline(w) {
  const onPod = w.pod.activeDeadlineSeconds;
  if (typeof onPod === "number") return onPod;
  if (!JOB_KINDS.has(w.kind)) return void 0;
  const job2 = getPath(w.obj, w.templatePath.slice(0, -1))?.activeDeadlineSeconds;
  return typeof job2 === "number" ? job2 : void 0;
}
function prepend(obj, key, value) {
  const rest = Object.entries(obj).filter(([k]) => k !== key);
  for (const [k] of rest) delete obj[k];
  obj[key] = value;
  for (const [k, v] of rest) obj[k] = v;
}
function getPath(obj, path) {
  const v = fieldAt(obj, path);
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v : void 0;
}
function fieldAt(obj, path) {
  let cur = obj;
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    if (typeof cur !== "object" || cur === null || typeof p === "number" && !Array.isArray(cur)) return void 0;
    cur = cur[p];
  }
  return cur;
}
function isObject3(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function shapeProblem2(w, unnamed = false) {
  return problemIn(w, unnamed, false) && problemIn(w, unnamed, true);
}
function problemIn(w, unnamed, paths) {
  const problem = metaProblem(w.obj.metadata, paths ? ["metadata"] : null) ?? metaProblem(w.metaHolder.metadata, paths ? [...w.metaPath] : null) ?? (JOB_KINDS.has(w.kind) && isObject3(w.obj.spec) ? fieldsProblem(w.obj.spec, JOB, paths ? ["spec"] : null) : void 0);
  if (problem || w.view) return problem;
  const at = paths ? [...w.templatePath, "spec"] : null;
  const pod = w.pod;
  const podProblem = fieldsProblem(pod, POD, at);
  if (podProblem) return podProblem;
  for (let l = 0; l < CONTAINER_LISTS.length; l++) {
    const list2 = CONTAINER_LISTS[l];
    const cs = pod[list2];
    if (cs === void 0 || cs === null) continue;
    if (!Array.isArray(cs)) return problemAt(at, `must be a list of containers, not ${describe(cs)}`, list2);
    for (let i = 0; i < cs.length; i++) {
      at?.push(list2, i);
      const p = containerProblem(cs[i], unnamed, at);
      if (at) at.length -= 2;
      if (p) return p;
    }
  }
  return void 0;
}
var CONTAINER_LISTS = ["initContainers", "containers"];
function metaProblem(meta, at) {
  if (meta === void 0 || meta === null) return void 0;
  if (!isObject3(meta)) return problemAt(at, `must be a mapping, not ${describe(meta)}`);
  return fieldsProblem(meta, META, at);
}
function containerProblem(c, unnamed, at) {
  if (!isObject3(c)) return problemAt(at, `must be a container (a mapping), not ${describe(c)}`);
  if ((c.name === void 0 || c.name === null) && unnamed) return fieldsProblem(c, CONTAINER, at);
  if (typeof c.name !== "string")
    return problemAt(at, c.name === void 0 ? "is missing: every container needs a name" : `must be a string, not ${describe(c.name)}`, "name");
  if (c.name === "" || c.name.startsWith("-")) {
    return problemAt(at, `${JSON.stringify(c.name)} is not a valid container name: it must start with a lowercase letter or digit`, "name");
  }
  return fieldsProblem(c, CONTAINER, at);
}
function nameUnnamed(w) {
  const named2 = [];
  for (const list2 of ["initContainers", "containers"]) {
    (w.pod[list2] ?? []).forEach((c, i) => {
      if (c.name !== void 0 && c.name !== null) return;
      c.name = `${list2}[${i}]`;
      named2.push(c);
    });
  }
  return named2;
}

// src/pod/context.ts
var ConfigMaps = class {
  pending = [];
  byName;
  /** An item to read when a ConfigMap is first asked for (`read` gives its value; it may throw). */
  add(read2) {
    this.pending.push(read2);
    this.byName = void 0;
  }
  /**
   * The ConfigMap the pod in `namespace` mounts by `name`: one in the same namespace, else one
   * that names none (a kustomize base, a chart's output before `kubectl -n`); undefined when the
   * input holds neither.
   */
  get(namespace, name) {
    const found = this.index().get(name) ?? [];
    return found.find((m) => m.namespace !== void 0 && m.namespace === namespace) ?? found.find((m) => m.namespace === void 0 || namespace === void 0);
  }
  index() {
    if (this.byName) return this.byName;
    const byName = /* @__PURE__ */ new Map();
    for (const obj of readEach(this.pending)) {
      const meta = obj?.metadata;
      const data = obj?.data;
      if (typeof meta?.name !== "string") continue;
      const strings = {};
      if (data !== null && typeof data === "object" && !Array.isArray(data)) {
        for (const [k, v] of Object.entries(data)) if (typeof v === "string") strings[k] = v;
      }
      const list2 = byName.get(meta.name) ?? [];
      list2.push({ ...typeof meta.namespace === "string" && { namespace: meta.namespace }, data: strings });
      byName.set(meta.name, list2);
    }
    return this.byName = byName;
  }
};
var Services = class {
  pending = [];
  read;
  /** An item to read when the Services are first asked for (`read` gives its value; it may throw). */
  add(read2) {
    this.pending.push(read2);
    this.read = void 0;
  }
  /** Those with a name and a selector of strings, in input order. */
  all() {
    if (this.read) return this.read;
    const out = [];
    for (const value of readEach(this.pending)) {
      const obj = value;
      const meta = obj?.metadata;
      const selector = obj?.spec?.selector;
      if (typeof meta?.name === "string" && isStringMap(selector)) out.push({ name: meta.name, namespace: String(meta.namespace ?? "default"), selector });
    }
    return this.read = out;
  }
};
var EnvReaders = class {
  pending = [];
  read;
  /** An item to read when the readers are first asked for (`read` gives its value; it may throw). */
  add(row, read2) {
    this.pending.push(() => ({ row, obj: read2() }));
    this.read = void 0;
  }
  /** Those that read as objects, in input order. */
  all() {
    this.read ??= readEach(this.pending).filter(
      (r) => typeof r.obj === "object" && r.obj !== null && !Array.isArray(r.obj)
    );
    return this.read;
  }
};
function readEach(pending) {
  const out = [];
  for (const read2 of pending) {
    try {
      out.push(read2());
    } catch {
    }
  }
  return out;
}
function isStringMap(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === "string");
}
var noFacts = () => ({ namespaces: /* @__PURE__ */ new Map(), services: new Services(), configMaps: new ConfigMaps(), problems: [] });
function kubernetesText(cfg) {
  return versionAssumed(cfg) ? `Kubernetes ${cfg.kubernetesVersion} or later (assumed)` : `Kubernetes ${cfg.kubernetesVersion}`;
}
function restsOnAssumedVersion(ctx) {
  if (versionAssumed(ctx.cfg)) noteOnce(ctx, "kubernetesVersion", assumedVersionMessage(ctx.cfg));
}
function noteOnce(ctx, setting, message) {
  const notes = ctx.facts.notes ??= /* @__PURE__ */ new Map();
  if (!notes.has(setting)) notes.set(setting, { message, said: false });
}
function assumedVersionMessage(cfg) {
  return `kubernetesVersion not set: assumed ${cfg.kubernetesVersion} or later, where sidecars are native; for classic sidecars set kubernetesVersion: "1.28"`;
}
var TOOLS_DIR = "/.seq";
var TOOLS_CONTAINER = "seq-tools";
function makeCtx(cfg, w, sink, facts = noFacts()) {
  return {
    cfg,
    w,
    facts,
    shell: { delivery: cfg.tools.delivery, toolsDir: TOOLS_DIR },
    report(reported, message, fieldPath3, rule, suppressed, container) {
      const level = rule ? cfg.rules[rule] : void 0;
      if (level === "off") return;
      const severity = level ?? reported;
      const result = {
        ...fromMessage(message),
        severity,
        resourceRef: w.ref,
        ...fieldPath3 ? { field: { path: fieldPath3 } } : {},
        ...w.file ? { file: w.file } : {},
        ...rule ? { tags: { rule, ...suppressed !== void 0 ? { suppressed } : {} } } : typeof message === "object" && message.note ? { tags: { note: "true" } } : {}
      };
      const at = fieldPath3 !== void 0 ? containerAt(w, fieldPath3, container) : void 0;
      if (at) anchors.set(result, at);
      sink.push(result);
    }
  };
}
var anchors = /* @__PURE__ */ new WeakMap();
var CONTAINER_PATH = /^\.(initContainers|containers)\[(\d+)\]/;
function containerAt(w, fieldPath3, given) {
  const spec = podField(w);
  if (!fieldPath3.startsWith(spec)) return void 0;
  const m = CONTAINER_PATH.exec(fieldPath3.slice(spec.length));
  if (!m) return void 0;
  const c = given ?? w.pod[m[1]]?.[Number(m[2])];
  return c ? { c, name: c.name, rest: fieldPath3.slice(spec.length + m[0].length) } : void 0;
}
function settlePaths(w, results, start = 0) {
  for (let i = start; i < results.length; i++) {
    const r = results[i];
    const a = anchors.get(r);
    if (!a || !r.field) continue;
    const now = placeOf(w, (c) => c === a.c) ?? placeOf(w, (c) => c.name === a.name);
    if (now) results[i] = { ...r, field: { ...r.field, path: podField(w, now.list, now.index) + a.rest } };
  }
}
function placeOf(w, match) {
  for (const list2 of ["initContainers", "containers"]) {
    const index = (w.pod[list2] ?? []).findIndex(match);
    if (index >= 0) return { list: list2, index };
  }
  return void 0;
}

// src/pod/ports.ts
function flagValue(c, flag) {
  const argv = [...c.command ?? [], ...c.args ?? []].map(String);
  const names = [flag, flag.replace(/^--/, "-")];
  for (const [i, a] of argv.entries()) {
    for (const n of names) {
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
      if (a === n && i + 1 < argv.length) return argv[i + 1];
    }
  }
  return void 0;
}
function envValue(c, name) {
  const env = c.env;
  const found = Array.isArray(env) ? env.find((e) => e?.name === name && typeof e.value === "string") : void 0;
  return found?.value;
}
function withContainerPorts(spec, c) {
  let out = fromOwnProbe(spec, c);
  for (const row of profileAt(spec.profile, spec.version).ports) {
    const flag = row.flag === void 0 ? void 0 : flagValue(c, row.flag);
    const port = flag ?? (row.env === void 0 ? void 0 : envValue(c, row.env));
    const moved = onPort(out, row, port);
    if (moved === out) continue;
    const waitCommand = row.url === "readiness" && out.waitCommand && flag ? [...out.waitCommand, `${row.flag}=${flag}`] : out.waitCommand;
    out = { ...moved, ...waitCommand && { waitCommand } };
  }
  for (const row of profileAt(spec.profile, spec.version).paths) if (row.flag) out = onPath(out, row, flagValue(c, row.flag));
  return out;
}
function withPodSettings(s, profile, version, annotations) {
  const p = profileAt(profile, version);
  let out = s;
  for (const row of p.ports) {
    if (row.annotation === void 0) continue;
    const value = annotations[row.annotation];
    out = onPort(out, row, value === void 0 || value === null ? void 0 : String(value));
  }
  for (const row of p.paths) out = onPath(out, row, annotations[row.annotation]);
  return out;
}
function perServiceNames(profile, version, annotations) {
  const rule = profileAt(profile, version).perService;
  const value = rule && annotations[rule.annotation];
  const names = typeof value === "string" ? value.split(rule.separator) : [];
  return names.length > 1 ? names : [];
}
function portsUp(s, step) {
  const up = (http) => {
    const url = new URL(http);
    url.port = String(Number(url.port || (url.protocol === "https:" ? 443 : 80)) + step);
    return url.toString();
  };
  let out = s;
  if (step && s.readiness?.http) out = withUrl(out, "readiness", up(s.readiness.http));
  if (step && s.shutdown?.http) out = withUrl(out, "shutdown", up(s.shutdown.http));
  return out;
}
function onPort(s, row, port) {
  const check = row.url === "readiness" ? s.readiness : s.shutdown;
  if (!port || !/^\d{1,5}$/.test(port) || port === row.default || !check?.http) return s;
  const url = new URL(check.http);
  if (url.port !== row.default) return s;
  url.port = port;
  return withUrl(s, row.url, url.toString());
}
function withUrl(s, which, http) {
  return which === "shutdown" ? { ...s, shutdown: { ...s.shutdown, http } } : { ...s, readiness: { ...s.readiness, http } };
}
function onPath(s, row, path) {
  const check = row.url === "readiness" ? s.readiness : s.shutdown;
  if (typeof path !== "string" || path === "" || path === row.default || !check?.http) return s;
  const url = new URL(check.http);
  if (url.pathname !== row.default) return s;
  url.pathname = path;
  return withUrl(s, row.url, url.toString());
}
function fromOwnProbe(spec, c) {
  if (!spec.readiness?.http) return spec;
  const url = new URL(spec.readiness.http);
  const probes = [c.readinessProbe, c.startupProbe];
  const port = probes.map((p) => p?.httpGet).find((g) => g?.path === url.pathname && typeof g.port === "number")?.port;
  if (port === void 0 || String(port) === url.port) return spec;
  const old = `:${url.port}${url.pathname}`;
  url.port = String(port);
  const waitCommand = spec.waitCommand?.map((a) => a.replace(old, `:${port}${url.pathname}`));
  return { ...spec, readiness: { ...spec.readiness, http: url.toString() }, waitCommand };
}
var LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;
function probeBlocked(spec, c) {
  if (spec.unprobeable) return spec.unprobeable;
  const setting = loopbackListener(spec, c);
  if (setting === void 0) return void 0;
  const fix = (profileAt(spec.profile, spec.version).probeArgs ?? []).join(" ") || "a listen address the pod IP reaches";
  return { why: `its ${setting} keeps its health endpoint on loopback, where the kubelet's probe (sent to the pod IP) cannot reach it`, fix };
}
function loopbackListener(spec, c) {
  const a = profileAt(spec.profile, spec.version).listenAddress;
  if (!a) return void 0;
  const flag = a.flag === void 0 ? void 0 : flagValue(c, a.flag);
  if (flag !== void 0) return LOOPBACK.test(flag) ? `${a.flag}=${flag}` : void 0;
  const env = a.env === void 0 ? void 0 : envValue(c, a.env);
  return env !== void 0 && LOOPBACK.test(env) ? `env ${a.env}=${env}` : void 0;
}

// src/pod/release.ts
function splitImage(image) {
  const bare = image.split("@")[0];
  const slash = bare.lastIndexOf("/");
  const colon = bare.lastIndexOf(":");
  return colon > slash ? [bare.slice(0, colon), bare.slice(colon + 1)] : [bare, void 0];
}
function imageRelease(profile, image) {
  if (image === void 0) return void 0;
  return RELEASES.get(`${profile}\0${image}`, () => readRelease(profile, image));
}
var RELEASES = new BoundedCache(1e4);
function readRelease(profile, image) {
  const [name, tag] = splitImage(image);
  if (tag === void 0) return void 0;
  for (const row of tableOf(profile).images ?? []) {
    if (!matchGlob(row.value.image, name)) continue;
    const version = new RegExp(row.value.tag).exec(tag)?.[1];
    if (version !== void 0 && holds(row, version)) return asRelease(profile, version);
  }
  return void 0;
}
function configuredRelease(cfg, profile) {
  const m = cfg.mesh[profile];
  return typeof m?.version === "string" ? m.version : void 0;
}
var TEXT = /* @__PURE__ */ new WeakMap();
function text(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "undefined";
  let t = TEXT.get(v);
  if (t === void 0) TEXT.set(v, t = JSON.stringify(v));
  return t;
}
var same = (a, b) => a === b || text(a) === text(b);
var DEFAULT_SHUTDOWN = /* @__PURE__ */ new Map();
function defaultShutdown(profile) {
  const base2 = profiles[profile].shutdown;
  if (!DEFAULT_SHUTDOWN.has(profile)) DEFAULT_SHUTDOWN.set(profile, base2 && { ...base2, method: base2.method ?? "POST" });
  return DEFAULT_SHUTDOWN.get(profile);
}
function atRelease(spec, c, cfg) {
  const version = imageRelease(spec.profile, c.image) ?? configuredRelease(cfg, spec.profile);
  if (version === void 0) return spec;
  let byVersion = AT_RELEASE.get(spec);
  if (!byVersion) AT_RELEASE.set(spec, byVersion = /* @__PURE__ */ new Map());
  let out = byVersion.get(version);
  if (!out) byVersion.set(version, out = specAt(spec, version));
  return out;
}
var AT_RELEASE = /* @__PURE__ */ new WeakMap();
function specAt(spec, version) {
  const base2 = profiles[spec.profile];
  const at = profileAt(spec.profile, version);
  const out = { ...spec, version };
  if (same(spec.readiness, base2.readiness)) out.readiness = at.readiness;
  if (same(spec.waitCommand, base2.waitCommand)) out.waitCommand = at.waitCommand;
  if (base2.shutdown && same(spec.shutdown, defaultShutdown(spec.profile))) out.shutdown = at.shutdown;
  for (const k of ["readiness", "waitCommand", "shutdown"]) if (out[k] === void 0) delete out[k];
  return out;
}

// src/pod/bootstrap.ts
var import_yaml7 = __toESM(require_dist(), 1);

// src/version.ts
var VERSION = true ? "0.1.0" : "0.0.0-dev";

// src/shell/scripts.ts
function sh(strings) {
  if (strings.length !== 1) throw new Error("shell scripts take no substitutions");
  return strings.raw[0].replace(/\\\$\{/g, "${").replace(/^\n/, "");
}
var WRAP_MARKER = "pod-sequencer-wrap";
var HOOK_MARKER = "pod-sequencer-hook";
var WAIT_MARKER = "pod-sequencer-wait";
var TOOLS_MARKER = "pod-sequencer-tools";
var SHARED_WRAPPER = "wrap.sh";
var SHARED_WRAP_CALL = '. "${1%/*}/' + SHARED_WRAPPER + '"';
var KINDS = ["http", "tcp", "dns"];
var join = (...parts) => parts.filter((p) => typeof p === "string").join("");
var ends = (f) => f.shutdown || f.kill;
var records = (f) => f.kinds.length > 0 || ends(f);
var headerArgs = sh`
  # and HEADER VALUE, sent when VALUE is not empty
  _hn=$3
  _hv=$4
`;
var LIBRARY = [
  {
    name: "say",
    text: sh`
_say() { printf 'pod-sequencer: %s\n' "$*" >&2; }
`
  },
  {
    name: "die",
    needs: () => ["say"],
    text: sh`
_die() { _say "$*"; exit 1; }
`
  },
  {
    name: "num",
    needs: () => ["die"],
    text: sh`
_num() {
  case $1 in ''|*[!0-9]*) _die "not a number: $1" ;; esac
}
`
  },
  {
    name: "has",
    only: "image",
    text: sh`
_has() { command -v "$1" >/dev/null 2>&1; }
`
  },
  {
    name: "lim",
    only: "image",
    needs: () => ["has"],
    text: sh`
# _lim SECONDS CMD...: bound a tool that has no timeout
_lim() {
  _l=$1
  shift
  if _has timeout; then timeout "$_l" "$@"; else "$@"; fi
}
`
  },
  {
    name: "isbbnc",
    only: "image",
    text: sh`
_isbbnc() {
  case $(nc -h 2>&1) in *BusyBox*) return 0 ;; esac
  return 1
}
`
  },
  // Targets: refused before any tool sees them (no option injection, no waiting on garbage).
  {
    name: "need_doc",
    text: sh`
# _need_KIND TARGET: exit unless TARGET is well-formed
`
  },
  {
    name: "need_http",
    needs: () => ["die", "need_doc"],
    text: sh`
_need_http() {
  case $1 in
    ''|-*|*[[:space:][:cntrl:]]*)
      _die "invalid http target: $1" ;;
    http://?*|https://?*) ;;
    *) _die "invalid URL: $1" ;;
  esac
}
`
  },
  {
    name: "need_tcp",
    needs: () => ["die", "num", "need_doc"],
    text: sh`
_need_tcp() {
  case $1 in
    ''|-*|*[[:space:][:cntrl:]]*)
      _die "invalid tcp target: $1" ;;
    ?*:*) _num "\${1##*:}" ;;
    *) _die "invalid host:port: $1" ;;
  esac
}
`
  },
  {
    name: "need_dns",
    needs: () => ["die", "need_doc"],
    text: sh`
_need_dns() {
  case $1 in
    ''|-*|*[[:space:][:cntrl:]]*)
      _die "invalid dns target: $1" ;;
  esac
}
`
  },
  {
    name: "need_header",
    needs: () => ["die"],
    text: sh`
# _need_header NAME VAR: exit unless NAME is a header name
# and VAR a variable name (_quit reads it through eval)
_need_header() {
  case $1 in
    ''|*[!A-Za-z0-9_-]*) _die "bad header name: $1" ;;
  esac
  case $2 in
    [A-Za-z]*) ;;
    *) _die "bad variable name: $2" ;;
  esac
  case $2 in
    *[!A-Za-z0-9_]*) _die "bad variable name: $2" ;;
  esac
}
`
  },
  // Checks: 0 when the target is up. Tools are set up further down (they run).
  {
    name: "nc",
    needs: () => ["nz"],
    text: sh`
# _nc HOST PORT: 0 when a connection opens within ~2s
_nc() {
  if [ -n "$_NZ" ]; then {bb}nc -z -w 2 "$1" "$2"
  else {bb}nc -w 2 "$1" "$2" -e {bb}true
  fi
}
`
  },
  {
    name: "http",
    only: "inject",
    needs: () => ["wt"],
    text: (f) => join(
      sh`
# _http METHOD URL: 0 on a 2xx or 3xx answer within ~2s
# (wget exits 0 only then, after redirects)
_http() (
  # a proxy from the environment must not see this call
  unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY
`,
      f.post && sh`
  _m=$1
`,
      f.header && headerArgs,
      sh`
  set -- -q -O /dev/null -t 1 "$2"
`,
      f.post && sh`
  # POST with an empty body
  [ "$_m" = GET ] || set -- --post-data= "$@"
`,
      f.header && sh`
  # busybox wget takes a header on its command line only
  [ -z "$_hv" ] || set -- --header "$_hn: $_hv" "$@"
`,
      sh`
  if [ -n "$_WT" ]; then "$_bb" wget -T 2 "$@"
  else "$_bb" timeout 3 "$_bb" wget "$@"
  fi
) >/dev/null 2>&1 </dev/null
`
    )
  },
  {
    name: "http",
    only: "image",
    needs: () => ["tools_http", "wt", "lim"],
    text: (f) => join(
      sh`
# _http METHOD URL: 0 on a 2xx or 3xx answer within ~2s
_http() (
  # a proxy from the environment must not see this call
  unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY
  unset all_proxy ALL_PROXY
`,
      f.post && sh`
  _m=$1
`,
      f.header && headerArgs,
      sh`
  if [ "$_H" = curl ]; then
    set -- -o /dev/null -w '%{http_code}' --max-time 2 "$2"
`,
      f.post && sh`
    # POST with an empty body, as wget --post-data= does
    [ "$_m" = GET ] || set -- --data '' "$@"
`,
      f.header ? sh`
    # -g: brackets (IPv6) and braces in a URL are no globs;
    # -H @-: the header comes on stdin, out of sight of ps
    if [ -n "$_hv" ]; then
      _c=$(printf '%s: %s\n' "$_hn" "$_hv" |
        curl -gs -H @- "$@")
    else _c=$(curl -gs "$@")
    fi
    case $_c in [23][0-9][0-9]) exit 0 ;; esac
    exit 1
  fi
` : sh`
    # -g: brackets (IPv6) and braces in a URL are no globs
    case $(curl -gs "$@") in [23][0-9][0-9]) exit 0 ;; esac
    exit 1
  fi
`,
      sh`
  # wget exits 0 only on 2xx/3xx (after redirects)
  set -- -q -O /dev/null -t 1 "$2"
`,
      f.post && sh`
  [ "$_m" = GET ] || set -- --post-data= "$@"
`,
      f.header && sh`
  # wget takes a header on its command line only
  [ -z "$_hv" ] || set -- --header "$_hn: $_hv" "$@"
`,
      sh`
  if [ -n "$_WT" ]; then wget -T 2 "$@"
  else _lim 3 wget "$@"
  fi
) >/dev/null 2>&1 </dev/null
`
    )
  },
  {
    name: "tcp",
    only: "inject",
    needs: () => ["nc"],
    text: sh`
# _tcp HOST:PORT: 0 when a connection opens within ~2s
_tcp() {
  _h=\${1%:*}
  _h=\${_h#"["}
  _h=\${_h%"]"}
  _nc "$_h" "\${1##*:}"
}
`
  },
  {
    name: "tcp",
    only: "image",
    needs: () => ["tools_tcp", "nc", "lim"],
    text: sh`
# _tcp HOST:PORT: 0 when a connection opens within ~2s
_tcp() {
  _h=\${1%:*}
  _h=\${_h#"["}
  _h=\${_h%"]"}
  _p=\${1##*:}
  case $_T in
    nc) _nc "$_h" "$_p" ;;
    curl)
      # telnet:// ends at --max-time once connected and at
      # once when refused; the connect time tells which
      _c=$(curl -gs --noproxy '*' --max-time 1 \
        -w '%{time_connect}' "telnet://$1")
      case $_c in *[1-9]*) return 0 ;; esac
      return 1 ;;
    bash)
      _lim 2 bash -c ': <"/dev/tcp/$0/$1"' "$_h" "$_p" ;;
  esac
}
`
  },
  {
    name: "dns",
    only: "inject",
    needs: () => ["nc"],
    text: sh`
# _dns NAME: 0 when NAME resolves as the app's libc would
# resolve it. busybox nslookup skips /etc/hosts and fails
# on Kubernetes search domains, so resolve through nc
# (libc) and look for its lookup error.
_dns() {
  case $(_nc "$1" 9 2>&1) in
    *'bad address'*) return 1 ;;
  esac
}
`
  },
  {
    name: "dns",
    only: "image",
    needs: () => ["tools_dns", "nc"],
    text: sh`
# _dns NAME: 0 when NAME resolves as the app's libc would
# resolve it. busybox nslookup skips /etc/hosts and fails
# on Kubernetes search domains: with busybox, resolve
# through nc (libc) and look for its lookup error.
_dns() {
  case $_D in
    getent) getent hosts "$1" ;;
    nslookup) nslookup "$1" ;;
    bbnc)
      case $(_nc "$1" 9 2>&1) in
        *'bad address'*) return 1 ;;
      esac ;;
  esac
}
`
  },
  {
    name: "up",
    needs: (f) => [...f.kinds],
    text: (f) => {
      const call = { http: '_http GET "$2"', tcp: '_tcp "$2"', dns: '_dns "$2"' };
      const quiet = ">/dev/null 2>&1 </dev/null";
      if (f.kinds.length === 1) return `_up() { ${call[f.kinds[0]]}; } ${quiet}
`;
      return join(
        "# _up KIND TARGET: 0 when TARGET is up\n_up() {\n  case $1 in\n",
        ...f.kinds.map((k) => `    ${k}) ${call[k]} ;;
`),
        `  esac ${quiet}
}
`
      );
    }
  },
  {
    name: "now",
    text: sh`
_now() { {bb}date +%s; }
`
  },
  // Hooks and wrappers: every second, logging the first try and every tenth.
  {
    name: "await",
    needs: () => ["up", "now", "say"],
    text: sh`
# _await NAME KIND TARGET TIMEOUT: 0 once up, 1 after
# TIMEOUT seconds (0: never)
_await() {
  _t0=$(_now)
  _n=1
  while ! _up "$2" "$3"; do
    _s=$(($(_now) - _t0))
    [ "$4" -eq 0 ] || [ "$_s" -lt "$4" ] || return 1
    [ $((_n % 10)) != 1 ] ||
      _say "waiting for $1 ($3): try $_n, \${_s}s elapsed"
    {bb}sleep 1
    _n=$((_n + 1))
  done
  [ "$_n" = 1 ] || _say "$1 is up after $(($(_now) - _t0))s"
}
`
  },
  // Dependency waits (init containers): every PERIOD seconds, logging each try.
  {
    name: "await_loud",
    needs: () => ["up", "now", "say"],
    text: sh`
# _await NAME KIND TARGET TIMEOUT PERIOD: 0 once up, 1
# after TIMEOUT seconds (0: never)
_await() {
  _t0=$(_now)
  _n=1
  while ! _up "$2" "$3"; do
    _s=$(($(_now) - _t0))
    [ "$4" -eq 0 ] || [ "$_s" -lt "$4" ] || return 1
    _say "waiting for $1 ($3): try $_n, \${_s}s elapsed"
    {bb}sleep "$5"
    _n=$((_n + 1))
  done
  _say "$1 is up after $(($(_now) - _t0))s"
}
`
  },
  {
    name: "first",
    text: sh`
# _first N ARGS...: run the first N of ARGS. sh has no
# arrays: rotate those N to the end, drop the rest.
_first() {
  _i=$1
  shift
  _rest=$(($# - _i))
  while [ "$_i" -gt 0 ]; do
    set -- "$@" "$1"
    shift
    _i=$((_i - 1))
  done
  shift "$_rest"
  (exec "$@")
}
`
  },
  // Wrapper records: see wrapScript.
  {
    name: "each",
    needs: () => ["die"],
    text: (f) => join(
      sh`
# _each FN RECORDS... -- ARGV...: call FN on each record
# (with all that follows it), up to the "--"
_each() {
  _fn=$1
  shift
  while [ "$1" != -- ]; do
    case $1 in
`,
      f.kinds.length > 0 && sh`
      ready) _len=6 ;;
`,
      f.shutdown && sh`
      quit) _len=4 ;;
`,
      f.header && sh`
      header) _len=3 ;;
`,
      f.retry && sh`
      tries) _len=2 ;;
`,
      f.kill && sh`
      kill) _len=3 ;;
`,
      sh`
      *) _die "bad parameters at: $1" ;;
    esac
    [ $# -gt "$_len" ] || _die "bad parameters"
    "$_fn" "$@"
    shift "$_len"
  done
}
`
    )
  },
  {
    name: "check",
    needs: (f) => ["die", ...f.kinds.map((k) => `need_${k}`), (f.kinds.length > 0 || f.retry) && "num", f.shutdown && "need_http", f.header && "need_header"],
    text: (f) => {
      const checks = f.kinds.length > 0;
      const stop = checks ? "; return" : "";
      return join(
        sh`
# _check RECORD: exit on a malformed record
_check() {
  case $1:$2 in
`,
        ...f.kinds.map((k) => `    ready:${k}) _need_${k} "$3" ;;
`),
        f.shutdown && `    quit:GET|quit:POST) _need_http "$3"${stop} ;;
`,
        f.header && `    header:*) _need_header "$2" "$3"${stop} ;;
`,
        f.retry && `    tries:*) _num "$2"${stop} ;;
`,
        f.kill && `    kill:*[![:space:]]*)${checks ? " return" : ""} ;;
`,
        sh`
    *) _die "bad parameters at: $1 $2" ;;
  esac
`,
        checks && sh`
  _num "$4"
  case $5 in
    fail|continue) ;;
    *) _die "bad onTimeout: $5" ;;
  esac
`,
        "}\n"
      );
    }
  },
  {
    name: "ready",
    needs: (f) => ["await", "say", !ends(f) && "die"],
    text: (f) => ends(f) ? sh`
# _ready RECORD: wait for a ready record's sidecar; _rc=1
# if it was not ready in time and may not be skipped
_ready() {
  [ "$1" = ready ] && [ "$_rc" = 0 ] || return 0
  _await "$6" "$2" "$3" "$4" && return 0
  if [ "$5" = continue ]; then
    _say "$6 was not ready after $4s; going on"
    return 0
  fi
  _say "$6 was not ready after $4s; giving up"
  _rc=1
}
` : sh`
# _ready RECORD: wait for a ready record's sidecar
_ready() {
  [ "$1" = ready ] || return 0
  _await "$6" "$2" "$3" "$4" && return 0
  [ "$5" = continue ] ||
    _die "$6 was not ready after $4s; giving up"
  _say "$6 was not ready after $4s; going on"
}
`
  },
  {
    name: "hval",
    needs: () => ["say"],
    text: sh`
# _hval VAR NAME HEADER: _hv=$VAR, read when the call is
# made; empty (and said) when unset or unfit for a header
_hval() {
  eval "_hv=\$$1"
  case $_hv in
    '') _say "$1 is empty or unset: calling $2 without $3"
      ;;
    *[[:cntrl:]]*)
      _hv=
      _say "$1 holds a control character:" \
        "calling $2 without $3" ;;
  esac
}
`
  },
  {
    name: "quit",
    needs: (f) => ["http", "say", f.header && "hval", (f.header || f.retry) && "quit_init"],
    text: (f) => {
      const call = f.header ? '_http "$2" "$3" "$_qh" "$_hv"' : '_http "$2" "$3"';
      return join(
        sh`
# _quit RECORD: make a quit record's call
_quit() {
`,
        f.header || f.retry ? join(
          "  case $1 in\n",
          f.header && "    header) _qh=$2; _qe=$3; return 0 ;;\n",
          f.retry && "    tries) _qn=$2; return 0 ;;\n",
          "    quit) ;;\n    *) return 0 ;;\n  esac\n"
        ) : '  [ "$1" = quit ] || return 0\n',
        f.header && sh`
  _hv=
  [ -z "$_qh" ] || _hval "$_qe" "$4" "$_qh"
`,
        f.retry ? join(
          "  _qi=1\n",
          `  until ${call}; do
`,
          sh`
    if [ "$_qi" -ge "$_qn" ]; then
      _say "could not ask $4 to shut down ($2 $3); going on"
      _qi=
      break
    fi
    _say "$4 did not take its shutdown call (try $_qi of" \
      "$_qn); trying again in 1s"
    {bb}sleep 1
    _qi=$((_qi + 1))
  done
  [ -z "$_qi" ] || _say "asked $4 to shut down"
`
        ) : join(
          `  if ${call}; then
`,
          sh`
    _say "asked $4 to shut down"
  else
    _say "could not ask $4 to shut down ($2 $3); going on"
  fi
`
        ),
        f.header && "  _qh=\n",
        f.retry && "  _qn=1\n",
        "}\n"
      );
    }
  },
  {
    name: "kill",
    needs: () => ["say"],
    text: sh`
# _kill RECORD: for a kill record, SIGTERM each process
# whose /proc/PID/comm (the name, cut to 15 bytes) is
# PROCESS.
# Seeing them needs shareProcessNamespace; signalling them,
# the sidecar's UID or CAP_KILL.
_kill() {
  [ "$1" = kill ] || return 0
  _k=$(printf '%.15s' "$2")
  _n=0
  _e=0
  for _d in /proc/[0-9]*; do
    _p=\${_d#/proc/}
    [ "$_p" != $$ ] || continue
    { IFS= read -r _c <"$_d/comm"; } 2>/dev/null || continue
    [ "$_c" = "$_k" ] || continue
    if kill -s TERM "$_p" 2>/dev/null; then _n=$((_n + 1))
    else _e=$((_e + 1))
    fi
  done
  _m="$2 process(es) of $3"
  [ "$_n" = 0 ] || _say "sent SIGTERM to $_n $_m"
  [ "$_e" = 0 ] || _say "not allowed to signal $_e $_m" \
    "(needs its UID or CAP_KILL)"
  [ "$_n$_e" != 00 ] || _say "found no $2 process of $3" \
    "(is shareProcessNamespace on?)"
}
`
  },
  {
    name: "start",
    text: sh`
# _start RECORDS... -- ARGV...: run ARGV in the background.
# exec: ARGV[0] is a program, never a function or builtin.
# fd 3: sh gives background commands /dev/null as stdin.
_start() {
  while [ "$1" != -- ]; do shift; done
  shift
  [ $# -gt 0 ] || _die "no command and no args to run"
  exec "$@" 0<&3 3<&- &
  _child=$!
}
`
  },
  // Tool set-up: runs before the main part, once.
  {
    name: "inj",
    only: "image",
    runs: true,
    text: sh`
_inj='set tools.delivery: inject'
_inj="$_inj (or use a tools image that has one)"
`
  },
  {
    name: "tools_http",
    only: "image",
    runs: true,
    needs: () => ["has", "die", "inj"],
    text: sh`
_H=
if _has curl; then _H=curl
elif _has wget; then _H=wget
else _die "this image has neither curl nor wget; $_inj"
fi
`
  },
  {
    name: "wt",
    runs: true,
    text: sh`
# a busybox wget built without -T crashes on -T; every
# wget that has it lists it in --help
_WT=
case $({bb}wget --help 2>&1) in *-T*) _WT=1 ;; esac
`
  },
  {
    name: "tools_tcp",
    only: "image",
    runs: true,
    needs: () => ["has", "die", "inj"],
    text: sh`
_T=
if _has nc; then _T=nc
elif _has curl; then _T=curl
elif _has bash; then _T=bash
else _die "this image has none of nc, curl, bash; $_inj"
fi
`
  },
  {
    name: "tools_dns",
    only: "image",
    runs: true,
    needs: () => ["has", "isbbnc", "die", "inj"],
    text: sh`
_D=
if _has getent; then _D=getent
elif _has nc && _isbbnc; then _D=bbnc
elif _has nslookup; then _D=nslookup
else _die "this image has no getent or nslookup; $_inj"
fi
`
  },
  {
    name: "nz",
    runs: true,
    text: sh`
# some nc have no -z (Debian's busybox): -e true then
_NZ=
case $({bb}nc -h 2>&1) in *-z*) _NZ=1 ;; esac
`
  },
  {
    name: "quit_init",
    runs: true,
    text: (f) => join(
      `# ${f.header && f.retry ? "header and tries records apply" : f.header ? "a header record applies" : "a tries record applies"} to the next quit record
`,
      f.header && "_qh=\n",
      f.retry && "_qn=1\n"
    )
  }
];
function comment(text2) {
  const lines = [];
  for (const word of text2.split(" ")) {
    if (lines.length && lines.at(-1).length + 1 + word.length <= 60) lines[lines.length - 1] += ` ${word}`;
    else lines.push(`# ${word}`);
  }
  return lines.join("\n") + "\n";
}
function compose(f, roots, main, purpose) {
  const pick = (name) => {
    const found = LIBRARY.filter((s) => s.name === name && (!s.only || s.only === f.delivery));
    if (found.length !== 1) throw new Error(`shell snippet ${name}: ${found.length} for ${f.delivery}`);
    return found[0];
  };
  const wanted = /* @__PURE__ */ new Set();
  const visit5 = (name) => {
    if (!name) return;
    const s = pick(name);
    if (wanted.has(s)) return;
    wanted.add(s);
    for (const n of s.needs?.(f) ?? []) visit5(n);
  };
  roots.forEach(visit5);
  const chosen = LIBRARY.filter((s) => wanted.has(s));
  for (const [i, s] of chosen.entries()) {
    if (!s.runs) continue;
    for (const n of s.needs?.(f) ?? []) {
      if (n && chosen.indexOf(pick(n)) > i) throw new Error(`shell snippet ${s.name} runs before ${n}`);
    }
  }
  const body = chosen.map((s) => typeof s.text === "string" ? s.text : s.text(f)).join("") + main;
  const text2 = body.replace(/\{bb\}/g, f.delivery === "inject" ? '"$_bb" ' : "");
  const head = comment(`pod-sequencer ${VERSION}: ${purpose.what}, from ${purpose.from}. ${purpose.does} Values come only as parameters, never as code.`);
  return head + (text2.includes("$_bb") ? "_bb=$1\nshift\n" : "shift\n") + text2;
}
function features(delivery, more = {}) {
  const kinds = KINDS.filter((k) => more.kinds?.includes(k));
  return { delivery, shutdown: false, post: false, header: false, retry: false, kill: false, ...more, kinds };
}
function kindOf(kind2) {
  const k = KINDS.find((x) => x === kind2);
  if (!k) throw new Error(`unknown check kind: ${kind2}`);
  return k;
}
function dependencyScript(delivery, kind2) {
  const k = kindOf(kind2);
  return compose(
    features(delivery, { kinds: [k] }),
    [`need_${k}`, "num", "await_loud"],
    sh`
[ $# = 5 ] && [ "$2" = {kind} ] || _die "bad parameters"
_num "$4"
_num "$5"
_need_{kind} "$3"
_every=$5
[ "$_every" -gt 0 ] || _every=1
_await "$1" "$2" "$3" "$4" "$_every" && exit 0
_die "gave up waiting for $1 ($3) after $4s"
`.replace(/\{kind\}/g, k),
    {
      what: "dependency wait",
      from: "spec.dependencies, or the pod-sequencer.dev/dependencies annotation",
      does: "Tries until the target answers."
    }
  );
}
function hookWaitScript(delivery, kind2) {
  const k = kindOf(kind2);
  return compose(
    features(delivery, { kinds: [k] }),
    [`need_${k}`, "num", "await"],
    sh`
[ $# -ge 7 ] && [ "$7" = -- ] && [ "$2" = {kind} ] ||
  _die "bad parameters"
_num "$4"
_need_{kind} "$3"
if ! _await "$6" "$2" "$3" "$4"; then
  [ "$5" = continue ] || _die "$6 was not ready after $4s"
  _say "$6 was not ready after $4s; going on"
fi
shift 7
[ $# = 0 ] || exec "$@"
`.replace(/\{kind\}/g, k),
    {
      what: "postStart wait",
      from: "sidecars[].strategy: postStart",
      does: "Holds the next containers until this one is ready, then runs your own postStart command, if any."
    }
  );
}
function hookChainScript(delivery) {
  return compose(
    features(delivery),
    ["first", "die"],
    sh`
case $2 in ''|*[!0-9]*) _die "bad parameters" ;; esac
_c=$2
shift 2
[ "$_c" -gt 0 ] && [ $# -ge "$_c" ] || _die "bad parameters"
_first "$_c" "$@" || _die "$1 failed with exit code $?"
shift "$_c"
[ $# = 0 ] || exec "$@"
`,
    {
      what: "postStart wait",
      from: "sidecars[].strategy: postStart",
      does: "Runs the sidecar's own wait command, then your own postStart command."
    }
  );
}
var indent2 = (text2) => text2.replace(/^(?=.)/gm, "  ");
function wrapScript(delivery, shape, shared = false) {
  const job2 = shape.mode === "job";
  const f = features(delivery, {
    kinds: shape.kinds.map(kindOf),
    shutdown: job2 && shape.shutdown,
    post: job2 && shape.shutdown && shape.post,
    header: job2 && shape.shutdown && !!shape.header,
    retry: job2 && shape.shutdown && !!shape.retry,
    kill: job2 && shape.kill
  });
  const checks = f.kinds.length > 0;
  const head = job2 ? sh`
case $1:$2 in
  job:success|job:always) ;;
  *) _die "bad parameters" ;;
esac
` : sh`
[ "$1" = exec ] || _die "bad parameters"
`;
  const validate = records(f) ? sh`
_each _check "$@"
` : sh`
[ "$1" = -- ] || _die "bad parameters at: $1"
`;
  const wait2 = checks && sh`
trap 'exit 143' TERM
trap 'exit 130' INT
_each _ready "$@"
`;
  const run = sh`
_start "$@" 3<&0
trap 'kill -s TERM "$_child" 2>/dev/null' TERM
trap 'kill -s INT "$_child" 2>/dev/null' INT
# a trapped signal ends wait early: wait again while the
# command lives
while kill -0 "$_child" 2>/dev/null; do
  wait "$_child"
  _rc=$?
done
# bash reaps by itself and keeps the status for one more
# wait (then 127); dash and ash give it again
wait "$_child" 2>/dev/null
_r=$?
[ "$_r" = 127 ] || _rc=$_r
_say "command exited with code $_rc"
`;
  const main = job2 ? join(
    head,
    ends(f) && "_when=$2\n",
    "shift 2\n_rc=0\n",
    validate,
    wait2,
    // without shutdown calls, a sidecar that is not ready ends the script at once
    checks && ends(f) ? `if [ "$_rc" = 0 ]; then
${indent2(run)}fi
` : run,
    ends(f) && join(
      'if [ "$_rc" = 0 ] || [ "$_when" = always ]; then\n',
      f.shutdown && '  _each _quit "$@"\n',
      f.kill && '  _each _kill "$@"\n',
      sh`
else
  # OnFailure reruns the command in this very pod
  _say "not shutting sidecars down after a failure"
fi
`
    ),
    'exit "$_rc"\n'
  ) : join(
    head,
    "shift 2\n",
    validate,
    wait2,
    checks ? 'while [ "$1" != -- ]; do shift; done\n' : "",
    'shift\n[ $# -gt 0 ] || _die "no command and no args to run"\nexec "$@"\n'
  );
  const roots = ["die", records(f) && "each", records(f) && "check", checks && "ready", f.shutdown && "quit", f.kill && "kill", job2 && "start"];
  const purpose = job2 ? {
    what: "Job wrapper",
    from: "jobs.terminateSidecars",
    does: `${checks ? "Waits for the sidecars, runs" : "Runs"} the command${ends(f) ? ", then asks the sidecars to exit" : ""}; keeps its exit code.`
  } : { what: "wrapper", from: "sidecars[].strategy: wrap", does: "Waits for the sidecars, then runs the command in its place." };
  if (shared) purpose.does += " Each wrapped container of the pod runs it with its own parameters.";
  return compose(f, roots, main, purpose);
}
function toolsScript() {
  const head = comment(`pod-sequencer ${VERSION}: tools, from tools.delivery: inject. Copies busybox and writes the pod's wrapper; values are parameters.`);
  return head + sh`
[ $# = 3 ] || { echo 'bad parameters' >&2; exit 2; }
"$1" cp "$1" "$2/busybox"
printf '%s' "$3" >"$2/wrap.sh"
`;
}

// src/shell/commands.ts
function busyboxPath(env) {
  return `${env.toolsDir.replace(/\/+$/, "")}/busybox`;
}
function shellPrefix(env) {
  return env.delivery === "inject" ? [busyboxPath(env), "sh", "-c"] : ["sh", "-c"];
}
function command(env, script, marker, params) {
  return [...shellPrefix(env), script, marker, env.delivery === "inject" ? busyboxPath(env) : "", ...params];
}
function seconds(n, what) {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number of seconds >= 0, got ${n}`);
  return String(n);
}
function target(c) {
  const kinds = ["http", "tcp", "dns"].filter((k) => c[k] !== void 0);
  if (kinds.length !== 1) throw new Error(`check for ${c.name} needs exactly one of http, tcp or dns`);
  return [kinds[0], c[kinds[0]]];
}
function nonEmpty(argv, what) {
  if (argv.length === 0) throw new Error(`${what} must not be empty`);
  return argv;
}
function nonBlank(s, what) {
  if (!/\S/.test(s)) throw new Error(`${what} must not be blank`);
  return s;
}
function postStartWait(check, env, then) {
  const [kind2, t] = target(check);
  const params = ["wait", kind2, t, seconds(check.timeoutSeconds, "timeoutSeconds"), check.onTimeout, check.name];
  return command(env, hookWaitScript(env.delivery, kind2), HOOK_MARKER, [...params, "--", ...then ?? []]);
}
function chain(first, then, env) {
  nonEmpty(first, "wait command");
  if (then.length === 0) return [...first];
  return command(env, hookChainScript(env.delivery), HOOK_MARKER, ["chain", String(first.length), ...first, ...then]);
}
function dependencyWait(dep, env) {
  const [kind2, t] = target(dep);
  const period = Math.max(1, Number(seconds(dep.periodSeconds, "periodSeconds")));
  return command(env, dependencyScript(env.delivery, kind2), WAIT_MARKER, [dep.name, kind2, t, seconds(dep.timeoutSeconds, "timeoutSeconds"), String(period)]);
}
var HEADER_NAME = /^[A-Za-z0-9_-]+$/;
var VAR_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
function quitRecords(s) {
  const out = [];
  if (s.header) {
    if (!HEADER_NAME.test(s.header.name))
      throw new Error(`shutdown header of ${s.name}: ${JSON.stringify(s.header.name)} is not a header name (letters, digits, - and _)`);
    if (!VAR_NAME.test(s.header.fromEnv))
      throw new Error(`shutdown header of ${s.name}: ${JSON.stringify(s.header.fromEnv)} is not an environment variable name`);
    out.push("header", s.header.name, s.header.fromEnv);
  }
  const attempts = s.attempts ?? 1;
  if (!Number.isSafeInteger(attempts) || attempts < 1) throw new RangeError(`attempts of ${s.name} must be a whole number >= 1, got ${attempts}`);
  if (attempts > 1) out.push("tries", String(attempts));
  return [...out, "quit", s.method, s.http, s.name];
}
function wrapperCommand(spec, env, form = "inline") {
  const records2 = [];
  for (const c of spec.checks) {
    const [kind2, t] = target(c);
    records2.push("ready", kind2, t, seconds(c.timeoutSeconds, "timeoutSeconds"), c.onTimeout, c.name);
  }
  if (spec.mode === "job") for (const s of spec.shutdown) records2.push(...quitRecords(s));
  if (spec.mode === "job") for (const k of spec.kill ?? []) records2.push("kill", nonBlank(k.process, "process name"), k.name);
  const script = form === "shared" && env.delivery === "inject" ? SHARED_WRAP_CALL : wrapScript(env.delivery, shapeOf(spec));
  return command(env, script, WRAP_MARKER, [spec.mode, spec.shutdownOn, ...records2, "--", ...spec.argv]);
}
function shapeOf(spec) {
  return {
    mode: spec.mode,
    // ready records are http or tcp: any other kind is refused by the script, as it always was
    kinds: spec.checks.map((c) => target(c)[0]).filter((k) => k === "http" || k === "tcp"),
    shutdown: spec.shutdown.length > 0,
    post: spec.shutdown.some((s) => s.method !== "GET"),
    header: spec.shutdown.some((s) => s.header),
    retry: spec.shutdown.some((s) => (s.attempts ?? 1) > 1),
    kill: (spec.kill ?? []).length > 0
  };
}
function sharedWrapper(specs) {
  const shapes = specs.map(shapeOf);
  const mode = shapes[0]?.mode;
  if (!mode || shapes.some((s) => s.mode !== mode)) throw new Error("a shared wrapper needs wrappers, all of one mode");
  const any = (k) => shapes.some((s) => s[k]);
  const shape = {
    mode,
    kinds: [...new Set(shapes.flatMap((s) => s.kinds))],
    shutdown: any("shutdown"),
    post: any("post"),
    header: any("header"),
    retry: any("retry"),
    kill: any("kill")
  };
  return wrapScript("inject", shape, true);
}
function toolsInstall(busybox, toolsDir, wrapper) {
  return [busybox, "sh", "-c", toolsScript(), TOOLS_MARKER, busybox, toolsDir.replace(/\/+$/, ""), nonBlank(wrapper, "shared wrapper")];
}
function parseToolsInstall(cmd) {
  if (cmd.length !== 8 || cmd[1] !== "sh" || cmd[2] !== "-c" || cmd[4] !== TOOLS_MARKER || cmd[0] !== cmd[5]) return null;
  return { busybox: cmd[5], toolsDir: cmd[6], wrapper: cmd[7] };
}
function split(cmd) {
  let env;
  let i;
  if (cmd[0]?.endsWith("/busybox") && cmd[1] === "sh" && cmd[2] === "-c") {
    env = { delivery: "inject", toolsDir: cmd[0].slice(0, -"/busybox".length) || "/" };
    i = 3;
  } else if ((cmd[0] === "sh" || cmd[0]?.endsWith("/sh")) && cmd[1] === "-c") {
    env = { delivery: "image", toolsDir: "/.seq" };
    i = 2;
  } else return null;
  const marker = cmd[i + 1];
  const bb = cmd[i + 2];
  if (cmd.length < i + 3 || bb !== (env.delivery === "inject" ? cmd[0] : "")) return null;
  return { env, marker, params: cmd.slice(i + 3) };
}
var isSeconds = (s) => s !== void 0 && /^(0|[1-9][0-9]*)$/.test(s);
var onTimeoutOf = (s) => s === "fail" || s === "continue" ? s : null;
function readyCheck(kind2, t, timeout, onTimeout, name) {
  const o = onTimeoutOf(onTimeout);
  if (kind2 !== "http" && kind2 !== "tcp" || !isSeconds(timeout) || !o) return null;
  return { name, [kind2]: t, timeoutSeconds: Number(timeout), onTimeout: o };
}
var RECORD = Object.assign(/* @__PURE__ */ Object.create(null), {
  ready: "ready",
  quit: "quit",
  kill: "kill",
  header: "header",
  tries: "tries",
  R: "ready",
  S: "quit",
  K: "kill"
});
function parseWrapper(command2) {
  const s = split(command2);
  if (!s || s.marker !== WRAP_MARKER) return null;
  const [mode, shutdownOn, ...rest] = s.params;
  if (mode !== "exec" && mode !== "job" || shutdownOn !== "success" && shutdownOn !== "always") return null;
  const spec = { mode, shutdownOn, checks: [], shutdown: [], argv: [] };
  let pending = null;
  let i = 0;
  while (rest[i] !== "--") {
    const [tag, a, b, c, d, e] = rest.slice(i, i + 6);
    const kind2 = RECORD[tag];
    if (kind2 !== "quit" && kind2 !== "header" && kind2 !== "tries" && pending) return null;
    if (kind2 === "ready" && i + 6 < rest.length) {
      const check = readyCheck(a, b, c, d, e);
      if (!check) return null;
      spec.checks.push(check);
      i += 6;
    } else if (kind2 === "quit" && i + 4 < rest.length && (a === "POST" || a === "GET")) {
      spec.shutdown.push({ name: c, http: b, method: a, ...pending ?? {} });
      pending = null;
      i += 4;
    } else if (kind2 === "header" && i + 3 < rest.length && !pending?.header && HEADER_NAME.test(a) && VAR_NAME.test(b)) {
      pending = { ...pending ?? {}, header: { name: a, fromEnv: b } };
      i += 3;
    } else if (kind2 === "tries" && i + 2 < rest.length && !pending?.attempts && isSeconds(a) && Number(a) >= 1) {
      pending = { ...pending ?? {}, attempts: Number(a) };
      i += 2;
    } else if (kind2 === "kill" && i + 3 < rest.length && spec.mode === "job") {
      (spec.kill ??= []).push({ name: b, process: a });
      i += 3;
    } else return null;
  }
  if (pending) return null;
  spec.argv = rest.slice(i + 1);
  return { spec, env: s.env, ...s.env.delivery === "inject" && command2[3] === SHARED_WRAP_CALL ? { shared: true } : {} };
}
function parseHook(command2) {
  const s = split(command2);
  if (!s || s.marker !== HOOK_MARKER) return null;
  const p = s.params;
  let then;
  if (p[0] === "wait") {
    if (p.length < 7 || p[6] !== "--" || !readyCheck(p[1], p[2], p[3], p[4], p[5])) return null;
    then = p.slice(7);
  } else if (p[0] === "chain") {
    if (!isSeconds(p[1])) return null;
    const n = Number(p[1]);
    if (n < 1 || p.length < 2 + n) return null;
    then = p.slice(2 + n);
  } else return null;
  return then.length ? { then } : {};
}
function parseDependencyWait(command2) {
  const s = split(command2);
  if (!s || s.marker !== WAIT_MARKER || s.params.length !== 5) return null;
  const [name, kind2, t, timeout, period] = s.params;
  if (kind2 !== "http" && kind2 !== "tcp" && kind2 !== "dns" || !isSeconds(timeout) || !isSeconds(period)) return null;
  return {
    dep: { name, [kind2]: t, timeoutSeconds: Number(timeout), periodSeconds: Number(period) },
    env: s.env
  };
}

// src/pod/commands.ts
var SHELLS = /* @__PURE__ */ new Set(["sh", "bash", "ash", "dash", "zsh", "ksh", "mksh"]);
var base = (s) => (s ?? "").slice((s ?? "").lastIndexOf("/") + 1);
function argvOf(c) {
  const words = (list2, field) => Array.isArray(list2) ? list2.map((w, i) => ({ text: String(w), field: `${field}[${i}]` })) : [];
  return [...words(c.command, "command"), ...words(c.args, "args")];
}
function programArgv(c) {
  const argv = argvOf(c);
  const wrapped = parseWrapper((c.command ?? []).map(String));
  if (!wrapped) return argv;
  const commandLength = c.command.length;
  return [...argv.slice(commandLength - wrapped.spec.argv.length, commandLength), ...argv.slice(commandLength)];
}
function hookArgvs(c) {
  const out = [];
  for (const hook of ["postStart", "preStop"]) {
    const cmd = c.lifecycle?.[hook]?.exec?.command;
    if (Array.isArray(cmd)) out.push(cmd.map((w, i) => ({ text: String(w), field: `lifecycle.${hook}.exec.command[${i}]` })));
  }
  return out;
}
function shellScript(argv) {
  let i = base(argv[0]?.text) === "busybox" ? 1 : 0;
  if (!SHELLS.has(base(argv[i]?.text))) return void 0;
  for (i++; i < argv.length; i++) {
    const a = argv[i].text;
    if (/^-[a-z]*c[a-z]*$/.test(a)) return argv[i + 1];
    if (!a.startsWith("-")) return void 0;
  }
  return void 0;
}
var UNIT = { "": 1, s: 1, m: 60, h: 3600, d: 86400 };
var SLEEP_WORD = "(?:/bin/)?sleep";
var SLEEP = `${SLEEP_WORD}\\s+(\\d+(?:\\.\\d+)?)([smhd]?)`;
var SCRIPT_SLEEP = new RegExp(`^\\s*(?:set\\s+[-+]\\w+\\s*(?:;|\\n)\\s*)*${SLEEP}\\s*(;|&&|\\n|$)([\\s\\S]*)$`);
var ARGV_SLEEP = new RegExp(`^${SLEEP}$`);
var FIRST_SLEEP = new RegExp(`^${SLEEP_WORD}(?:\\s|$)`);
function leadingSleep(argv) {
  const script = shellScript(argv);
  if (script) {
    const m2 = SCRIPT_SLEEP.exec(script.text);
    if (!m2) return void 0;
    return { seconds: Number(m2[1]) * UNIT[m2[2]], at: script, only: m2[4].trim() === "" };
  }
  const m = ARGV_SLEEP.exec(argv.map((w) => w.text).join(" "));
  return m ? { seconds: Number(m[1]) * UNIT[m[2]], at: argv[0], only: true } : void 0;
}
function mayLeadWithSleep(c) {
  const first = c.command?.length ? c.command[0] : c.args?.[0];
  if (first === void 0) return false;
  const word = String(first);
  const name = base(word);
  return SHELLS.has(name) || name === "busybox" || FIRST_SLEEP.test(word);
}
function showArgv(words, max = 80) {
  const texts = words.map((w) => typeof w === "string" ? w : w.text);
  const s = texts.length === 1 ? texts[0] : texts.map((t) => /^[\w@%+=:,./-]+$/.test(t) ? t : JSON.stringify(t)).join(" ");
  const flat = s.replace(/\\n|\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
}
var QUIT_CALL = /\/quitquitquit\b|:4191\/shutdown\b|\bp?kill(all)?\b[^;&|\n]*\b(pilot-agent|envoy|linkerd2?-proxy|cloud[-_]sql[-_]proxy|daprd)\b/;
function whereItEndsItsSidecars(c, scripts) {
  if (endsItsSidecars(c)) return "its command";
  return scripts.find((s) => QUIT_CALL.test(s.text))?.from;
}
function endsItsSidecars(c) {
  if (parseWrapper((c.command ?? []).map(String))) return false;
  const argv = argvOf(c).map((w) => w.text);
  if (base(argv[0]) === "scuttle") return true;
  if (base(argv[0]) === "linkerd-await" && argv.slice(1, argv.indexOf("--") < 0 ? void 0 : argv.indexOf("--")).includes("--shutdown")) return true;
  return QUIT_CALL.test(argv.join(" "));
}

// src/pod/files.ts
function mountedFile(w, c, path, facts) {
  if (!path.startsWith("/")) return void 0;
  const file = normalize(path);
  const mount = mountOf(c, file);
  if (!mount) return void 0;
  const volume = (w.pod.volumes ?? []).find((v) => isObject3(v) && v.name === mount.name);
  const sources = volume ? configMapSources(volume) : [];
  if (sources.length === 0) return void 0;
  const rest = file === mount.mountPath ? "" : file.slice(mount.mountPath.length + 1);
  const rel = [mount.subPath, rest].filter((p) => p !== "").join("/");
  const misses = [];
  for (const src of sources) {
    const key = keyAt(src, rel);
    if (key === void 0) continue;
    const cm = facts.configMaps.get(w.ref.namespace, src.name);
    if (!cm) misses.push(`ConfigMap ${src.name} is not in the input`);
    else if (cm.data[key] === void 0) misses.push(`ConfigMap ${src.name} has no key ${key}`);
    else return { text: cm.data[key], from: `ConfigMap ${src.name} key ${key}` };
  }
  return misses.length > 0 ? { missing: misses.join("; ") } : void 0;
}
var isUnread = (f) => f !== void 0 && "missing" in f;
function normalize(path) {
  const out = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}
function mountOf(c, file) {
  let best;
  for (const m of Array.isArray(c.volumeMounts) ? c.volumeMounts : []) {
    if (!isObject3(m) || typeof m.name !== "string" || typeof m.mountPath !== "string") continue;
    const mountPath = normalize(m.mountPath);
    const holds2 = file === mountPath || file.startsWith(mountPath === "/" ? "/" : `${mountPath}/`);
    if (!holds2 || best && best.mountPath.length >= mountPath.length) continue;
    const subPath = typeof m.subPath === "string" ? normalize(m.subPath).slice(1) : "";
    best = { name: m.name, mountPath, subPath };
  }
  return best;
}
function configMapSources(volume) {
  const one = (v) => {
    if (!isObject3(v) || typeof v.name !== "string") return [];
    const items = Array.isArray(v.items) ? v.items.filter((i) => isObject3(i) && typeof i.key === "string" && typeof i.path === "string") : void 0;
    return [{ name: v.name, ...items && { items } }];
  };
  if (volume.configMap !== void 0) return one(volume.configMap);
  const projected = volume.projected;
  if (!isObject3(projected) || !Array.isArray(projected.sources)) return [];
  return projected.sources.flatMap((s) => isObject3(s) ? one(s.configMap) : []);
}
function keyAt(src, rel) {
  if (src.items) return src.items.find((i) => normalize(i.path).slice(1) === rel)?.key;
  return rel !== "" && !rel.includes("/") ? rel : void 0;
}

// src/pod/bootstrap.ts
var ANY = /^(0\.0\.0\.0|::|\[::\])$/;
function adminOf(w, c, facts, b) {
  const argv = commandWords(c);
  const path = lastFlag(argv, b.pathFlags);
  const inline = lastFlag(argv, [b.inlineFlag]);
  if (path === void 0 && inline === void 0) {
    return { kind: "unknown", why: `its command names no bootstrap (${[...b.pathFlags, b.inlineFlag].join(", ")})` };
  }
  let file;
  if (path !== void 0) {
    const read2 = mountedFile(w, c, path, facts);
    if (read2 === void 0) return { kind: "unknown", why: `its bootstrap ${path} is not from a ConfigMap in the input` };
    if (isUnread(read2)) return { kind: "unknown", why: `its bootstrap ${path}: ${read2.missing}` };
    if (/\.pb(_text)?$/.test(path)) return { kind: "unknown", why: `its bootstrap ${path} is a protobuf file, which pod-sequencer does not read` };
    const value = parseBootstrap(read2.text);
    if (value === void 0) return { kind: "unknown", why: `its bootstrap (${read2.from}) is not a YAML or JSON map` };
    file = { value, from: `${read2.from}, loaded by ${path}` };
  }
  const over = inline === void 0 ? void 0 : parseBootstrap(inline);
  if (inline !== void 0 && over === void 0) return { kind: "unknown", why: `its ${b.inlineFlag} is not a YAML or JSON map` };
  const overAddress = addressIn(over);
  if (overAddress !== void 0) return listener(overAddress, b.inlineFlag);
  return file ? listener(addressIn(file.value), file.from) : { kind: "none", from: b.inlineFlag };
}
function commandWords(c) {
  const argv = argvOf(c);
  const script = shellScript(argv);
  return script ? [...argv.map((w) => w.text), ...shellWords(script.text)] : argv.map((w) => w.text);
}
function shellWords(script) {
  const out = [];
  for (const m of script.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'";&|]+)/g)) out.push(m[1] ?? m[2]?.replace(/\\(.)/g, "$1") ?? m[3]);
  return out;
}
function lastFlag(argv, flags) {
  let value;
  argv.forEach((a, i) => {
    for (const f of flags) {
      if (a === f && i + 1 < argv.length) value = argv[i + 1];
      else if (f.startsWith("--") && a.startsWith(`${f}=`)) value = a.slice(f.length + 1);
    }
  });
  return value;
}
function parseBootstrap(text2) {
  try {
    const v = (0, import_yaml7.parse)(text2, { maxAliasCount: LIMITS.aliases });
    return isObject3(v) ? v : v === null || v === void 0 ? {} : void 0;
  } catch {
    return void 0;
  }
}
function addressIn(bootstrap) {
  const admin = bootstrap?.admin;
  return isObject3(admin) && isObject3(admin.address) ? admin.address : void 0;
}
function listener(address, from) {
  if (!address) return { kind: "none", from };
  const pipe = address.pipe;
  if (isObject3(pipe)) return { kind: "pipe", path: String(pipe.path ?? ""), from };
  const socket = address.socket_address;
  if (!isObject3(socket)) return { kind: "none", from };
  const port = Number(socket.port_value);
  const host = typeof socket.address === "string" ? socket.address : "";
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { kind: "none", from };
  return { kind: "tcp", address: host, port, from, ...host.includes(":") && socket.ipv4_compat !== true && { v6only: true } };
}
function withAdmin(spec, c, w, facts) {
  const b = profileAt(spec.profile, spec.version).bootstrapAdmin;
  if (!b) return { spec };
  const read2 = adminOf(w, c, facts, b);
  const ev = read2.kind === "unknown" ? probedAdmin(c, b) ?? read2 : read2;
  const own = spec.readiness !== void 0;
  if (ev.kind === "tcp" && (LOOPBACK.test(ev.address) || ANY.test(ev.address))) {
    const origin2 = `http://${ev.address.includes(":") ? "[::1]" : "127.0.0.1"}:${ev.port}`;
    const out = {
      ...spec,
      readiness: spec.readiness ?? { http: origin2 + b.readinessPath },
      shutdown: spec.shutdown ?? { http: origin2 + b.shutdownPath, method: "POST" }
    };
    const blocked = LOOPBACK.test(ev.address) ? onLoopback(ev) : ev.v6only ? ipv6Only(ev) : redirected(w, ev);
    if (blocked) out.unprobeable = blocked;
    return { spec: out };
  }
  if (own) {
    const url = spec.readiness?.http ? new URL(spec.readiness.http) : void 0;
    const shutdown = spec.shutdown ?? (url?.pathname === b.readinessPath ? { http: url.origin + b.shutdownPath, method: "POST" } : void 0);
    return { spec: { ...spec, ...shutdown && { shutdown } } };
  }
  const make = `add an admin block to its bootstrap (admin.address.socket_address, on 127.0.0.1 as Envoy's operations guide advises) or name the admin port in sidecars[].readiness (http://127.0.0.1:<port>${b.readinessPath})`;
  const why = ev.kind === "unknown" ? `nothing in the input shows an admin listener: ${ev.why}` : describe2(ev);
  return {
    spec,
    note: {
      summary: `${c.name} gets no readiness gate and no quit call: no Envoy admin listener is in the input`,
      detail: `Envoy has an admin listener only where its bootstrap declares one, and ${why}. To gate on it, ${make}.`
    }
  };
}
function probedAdmin(c, b) {
  const gets = [
    ["readinessProbe", c.readinessProbe],
    ["livenessProbe", c.livenessProbe],
    ["startupProbe", c.startupProbe],
    ["lifecycle.preStop", c.lifecycle?.preStop]
  ];
  for (const [field, handler] of gets) {
    const get = handler?.httpGet;
    if ((get?.path === b.readinessPath || get?.path === b.shutdownPath) && typeof get.port === "number") {
      return { kind: "tcp", address: "0.0.0.0", port: get.port, from: `its ${field} on ${String(get.path)}, port ${get.port}` };
    }
  }
  return void 0;
}
function onLoopback(ev) {
  return {
    why: `its bootstrap's admin address ${ev.address}:${ev.port} (${ev.from}) keeps its health endpoint on loopback, where the kubelet's probe (sent to the pod IP) cannot reach it`,
    fix: "the bootstrap's admin address to 0.0.0.0 (Envoy's operations guide advises loopback, so keeping it classic is the safer choice)"
  };
}
function ipv6Only(ev) {
  return {
    why: `its bootstrap's admin address ${ev.address}:${ev.port} (${ev.from}) takes IPv6 connections only (no ipv4_compat), where the kubelet's probe to an IPv4 pod IP cannot reach it`,
    fix: "the bootstrap's admin socket_address.ipv4_compat: true"
  };
}
function redirected(w, ev) {
  const setup = (w.pod.initContainers ?? []).find((c) => isObject3(c) && c.restartPolicy !== "Always" && addsNetAdmin(c));
  if (!setup) return void 0;
  return {
    why: `init container ${setup.name} adds NET_ADMIN to redirect the pod's traffic, so the kubelet's probe (sent to the pod IP) may reach a proxy listener instead of the admin on ${ev.address}:${ev.port}`,
    fix: `port ${ev.port} excluded from ${setup.name}'s inbound redirect`
  };
}
function addsNetAdmin(c) {
  const add = c.securityContext?.capabilities?.add;
  return Array.isArray(add) && add.some((a) => a === "NET_ADMIN" || a === "CAP_NET_ADMIN");
}
function describe2(ev) {
  if (ev.kind === "none") return `its bootstrap (${ev.from}) has no admin address`;
  if (ev.kind === "pipe") return `its bootstrap (${ev.from}) puts the admin on a Unix socket (${ev.path}), which no TCP check reaches`;
  return `its bootstrap (${ev.from}) binds the admin to ${ev.address}:${ev.port}, which neither the pod's loopback nor its IP reaches`;
}

// src/pod/sidecars.ts
function specFor(c, cfg) {
  let table = TABLES2.get(cfg);
  if (!table) TABLES2.set(cfg, table = tableOf2(cfg));
  const named2 = table.byName.get(c.name);
  if (table.globs.length === 0) return named2 === void 0 ? void 0 : cfg.sidecars[named2];
  const seen = SEEN.get(c);
  if (seen && seen.cfg === cfg && seen.name === c.name && seen.image === c.image) return seen.spec;
  let first = named2 ?? cfg.sidecars.length;
  for (const g of table.globs) {
    if (g.index >= first) break;
    if (g.test(c)) first = g.index;
  }
  const spec = cfg.sidecars[first];
  SEEN.set(c, { cfg, name: c.name, image: c.image, spec });
  return spec;
}
function tableOf2(cfg) {
  const table = { byName: /* @__PURE__ */ new Map(), globs: [] };
  cfg.sidecars.forEach((s, index) => {
    if (s.name !== void 0 && s.image === void 0 && !/[*?[\\]/.test(s.name)) {
      if (!table.byName.has(s.name)) table.byName.set(s.name, index);
    } else table.globs.push({ index, test: matcherOf(s) });
  });
  return table;
}
function matcherOf(s) {
  const name = s.name !== void 0 ? globMatcher(s.name) : void 0;
  const image = s.image !== void 0 ? globMatcher(s.image) : void 0;
  return (c) => name !== void 0 && name(c.name) || image !== void 0 && c.image !== void 0 && image(c.image);
}
var TABLES2 = /* @__PURE__ */ new WeakMap();
var SEEN = /* @__PURE__ */ new WeakMap();
function isNativeSidecar(c) {
  return c.restartPolicy === "Always";
}
function findSidecars(w, cfg, facts) {
  const pod = w.pod;
  const found = [];
  const add = (c, spec, native2) => {
    const keep = injectorLeftUngated(w, c, spec);
    const { spec: read2, note } = adminFacts(atRelease(spec, c, cfg), c, w, facts);
    found.push({ spec: withContainerPorts(read2, c), name: c.name, native: native2, ...keep && { keep }, ...note && { note } });
  };
  for (const c of pod.initContainers ?? []) {
    const spec = isNativeSidecar(c) ? specFor(c, cfg) : void 0;
    if (spec) add(c, spec, true);
  }
  for (const c of pod.containers ?? []) {
    const spec = specFor(c, cfg);
    if (spec) add(c, spec, false);
  }
  if (found.length === 0) return found;
  const sidecars = found.filter((s) => !isTheWorkload(w.ref.name, s.name) && !(s.spec.profile === "istio" && istioGateway(w)) && !servesThePod(w, s, found));
  const apps = (pod.containers ?? []).filter((c) => !sidecars.some((s) => !s.native && s.name === c.name));
  return apps.length > 0 ? sidecars : [];
}
function adminFacts(spec, c, w, facts) {
  let known2 = ADMIN2.get(w.pod);
  if (!known2) ADMIN2.set(w.pod, known2 = /* @__PURE__ */ new Map());
  const seen = known2.get(c);
  if (seen && seen.spec === spec && seen.facts === facts) return seen.out;
  const out = withAdmin(spec, c, w, facts);
  known2.set(c, { spec, facts, out });
  return out;
}
var ADMIN2 = /* @__PURE__ */ new WeakMap();
function injectorLeftUngated(w, c, spec) {
  if (spec.profile !== "linkerd") return void 0;
  const annotations = podAnnotations(w);
  if (annotations["config.linkerd.io/proxy-await"] === "disabled") {
    return "the pod template has config.linkerd.io/proxy-await: disabled";
  }
  if (annotations["linkerd.io/proxy-version"] !== void 0 && !c.lifecycle?.postStart && !c.startupProbe) {
    return "Linkerd injected it (linkerd.io/proxy-version) without its linkerd-await hook, as it does where the app must not wait for the proxy";
  }
  return void 0;
}
function istioGateway(w) {
  const templates = String(podAnnotations(w)["inject.istio.io/templates"] ?? "");
  return templates.split(",").some((t) => t.trim() === "gateway");
}
function servesThePod(w, s, found) {
  if (!profiles[s.spec.profile]?.mayBeTheWorkload) return false;
  const all = [...w.pod.initContainers ?? [], ...w.pod.containers ?? []];
  const serves = (name) => {
    const ports = all.find((c) => c.name === name)?.ports;
    return Array.isArray(ports) && ports.length > 0;
  };
  const apps = (w.pod.containers ?? []).filter((c) => !found.some((f) => f.name === c.name));
  return serves(s.name) && !apps.some((c) => serves(c.name));
}
function isTheWorkload(workload, container) {
  return workload === container || workload.startsWith(`${container}-`);
}
function minorVersion(cfg) {
  let minor = MINORS.get(cfg);
  if (!minor || minor.version !== cfg.kubernetesVersion) MINORS.set(cfg, minor = { version: cfg.kubernetesVersion, of: minorOf(cfg.kubernetesVersion) });
  return minor.of;
}
var MINORS = /* @__PURE__ */ new WeakMap();
var NATIVE_SIDECARS_SINCE = nativeSidecarMinor;
function nativeSupported(cfg) {
  const minor = minorVersion(cfg);
  return minor !== void 0 && minor >= NATIVE_SIDECARS_SINCE;
}
function effectiveStrategy(spec, cfg, nowNative = false) {
  if (spec.strategy !== "auto") return spec.strategy;
  if (minorVersion(cfg) === void 0) return nowNative ? "native" : "postStart";
  return nativeSupported(cfg) ? "native" : "postStart";
}
function containerIndex(list2, name) {
  return (list2 ?? []).findIndex((c) => c.name === name);
}
function describeCheck(check) {
  if (check?.http) return `GET ${check.http}`;
  if (check?.tcp) return `TCP ${check.tcp}`;
  return "no readiness check";
}

// src/pod/refused.ts
var REFUSED_TEXT = {
  lifecycle: "hooks",
  restartPolicy: "container restartPolicy",
  initContainers: "init containers",
  initProbes: "init container probes"
};
function refuses(site, what) {
  return site.refuses?.includes(what) === true;
}
function refusedWrite(site, before, after) {
  if (!site.refuses) return void 0;
  const old = (list2, name) => (before?.[list2] ?? []).find((c) => c.name === name);
  for (const list2 of ["initContainers", "containers"]) {
    for (const [i, c] of (after[list2] ?? []).entries()) {
      const was = old(list2, c.name) ?? old(list2 === "containers" ? "initContainers" : "containers", c.name);
      const where = `${list2}[${i}]`;
      const changed = (field) => c[field] !== void 0 && !deepEqual(c[field], was?.[field]);
      if (list2 === "initContainers" && refuses(site, "initContainers") && !old("initContainers", c.name)) return { where, what: "initContainers" };
      if (refuses(site, "lifecycle") && changed("lifecycle")) return { where: `${where}.lifecycle`, what: "lifecycle" };
      if (refuses(site, "restartPolicy") && changed("restartPolicy")) return { where: `${where}.restartPolicy`, what: "restartPolicy" };
      if (list2 === "initContainers" && refuses(site, "initProbes")) {
        const probe = ["startupProbe", "readinessProbe", "livenessProbe"].find((p) => changed(p));
        if (probe) return { where: `${where}.${probe}`, what: "initProbes" };
      }
    }
  }
  return void 0;
}

// src/sequence/all-or-nothing.ts
function allOrNothing(ctx, transform2, before) {
  const original = before ?? snapshot(ctx.w.obj);
  const held = [];
  const hold = (severity, message, path, rule, suppressed, container) => void held.push([severity, message, path, rule, suppressed, container ?? (path !== void 0 ? containerAt(ctx.w, path)?.c : void 0)]);
  transform2({ ...ctx, report: hold });
  const failed2 = held.some(([severity]) => severity === "error");
  const refused = !failed2 && held.length > 0 ? refusal(ctx, original) : void 0;
  if (failed2 || refused) restoreTemplate(ctx, original());
  for (const r of held) if (!(failed2 || refused) || r[0] === "error") ctx.report(...r);
  if (refused) ctx.report("warning", refused.message, refused.path);
  return held.length > 0;
}
function refusal(ctx, original) {
  const { w } = ctx;
  if (!w.site.refuses || w.view) return void 0;
  const before = getPath(original(), [...w.templatePath, "spec"]);
  const bad = refusedWrite(w.site, before, w.pod);
  if (!bad) return void 0;
  return {
    message: {
      summary: `left this ${w.kind} as it is: the change needs ${REFUSED_TEXT[bad.what]}, which ${w.kind} does not admit`,
      detail: `The workload catalog says what ${w.ref.apiVersion} ${w.kind}'s admission refuses (docs/workload-kinds.md). If yours admits it (Knative's kubernetes.podspec-init-containers flag, for init containers), a spec.workloadKinds line for the kind replaces the catalog's row.`
    },
    path: podField(w, bad.where)
  };
}
function restoreTemplate(ctx, source) {
  const { obj, templatePath, metaPath } = ctx.w;
  for (const path of [templatePath, metaPath.slice(0, -1)]) {
    const [t, s] = [getPath(obj, path), getPath(source, path)];
    if (t && s) restore(t, s);
  }
}
function snapshot(obj) {
  const copy = copyValue(obj);
  return () => copy;
}
function restore(target2, source) {
  for (const k of Object.keys(target2)) if (!(k in source)) delete target2[k];
  for (const [k, v] of Object.entries(source)) {
    const t = target2[k];
    if (isObject3(t) && isObject3(v)) restore(t, v);
    else target2[k] = copyValue(v);
  }
}

// src/workloads/select.ts
var SKIP_ANNOTATION = "pod-sequencer.dev/skip";
function matches(sel, w) {
  if (sel.kinds && !sel.kinds.includes(w.kind)) return false;
  if (sel.names && !sel.names.some((g) => matchGlob(g, w.ref.name))) return false;
  if (sel.namespaces && !sel.namespaces.some((g) => matchGlob(g, w.ref.namespace ?? "default"))) return false;
  if (sel.labels) {
    const labels = w.metadata.labels ?? {};
    if (!Object.entries(sel.labels).every(([k, v]) => labels[k] === String(v))) return false;
  }
  return true;
}
function isEmpty(sel) {
  return !sel.kinds && !sel.names && !sel.namespaces && !sel.labels;
}
function isSkipped(w) {
  return isTrue(w.metadata.annotations?.[SKIP_ANNOTATION]) || isTrue(podMetadata(w)?.annotations?.[SKIP_ANNOTATION]);
}
function isTrue(v) {
  return v !== void 0 && String(v) === "true";
}
function isSelected(w, cfg) {
  if (isSkipped(w)) return false;
  if (cfg.selector && !matches(cfg.selector, w)) return false;
  if (cfg.exclude && !isEmpty(cfg.exclude) && matches(cfg.exclude, w)) return false;
  return true;
}

// src/pod/mesh.ts
var MESHES = ["istio", "linkerd", "kuma", "dapr", "vault", "consul"];
var INJECTION = Object.fromEntries(
  MESHES.map((m) => {
    const rows = (tableOf(m).injection ?? []).map((r) => r.value);
    return [m, { pod: rows.filter((r) => r.at === "pod"), namespace: rows.filter((r) => r.at === "namespace") }];
  })
);
var NATIVE_KEYS = Object.fromEntries(MESHES.map((m) => [m, profiles[m].nativeKeys]));
function switchKey(mesh, name) {
  const row = tableOf(mesh).switches?.find((r) => r.value.name === name);
  if (!row) throw new Error(`no ${name} switch in the ${mesh} table`);
  return row.value;
}
var ANNOTATION = {
  istioConfig: switchKey("istio", "hold").key,
  istioHold: switchKey("istio", "hold").field,
  linkerdAwait: switchKey("linkerd", "await").key,
  linkerdShutdown: switchKey("linkerd", "shutdown").key,
  kumaWait: switchKey("kuma", "waitReady").key,
  vaultPrePopulate: switchKey("vault", "prePopulateOnly").key,
  vaultQuit: switchKey("vault", "quit").key,
  consulLifecycle: switchKey("consul", "shutdown").key
};
function injection(ctx, mesh) {
  const container = profiles[mesh].containerName;
  const inManifest = [...ctx.w.pod.initContainers ?? [], ...ctx.w.pod.containers ?? []].some(
    (c) => c.name === container || specFor(c, ctx.cfg)?.profile === mesh
  );
  if (inManifest) return { meshed: false, reason: `${container} is already in the manifest` };
  if (onHostNetwork(ctx.w)) return { meshed: false, reason: "the pod uses the host network (hostNetwork: true), which no mesh injects" };
  const namespace = ctx.w.ref.namespace ?? "default";
  if (SYSTEM_NAMESPACES.includes(namespace) && (mesh === "istio" || mesh === "linkerd")) {
    return { meshed: false, reason: `${mesh}'s injector leaves the system namespace ${namespace} alone` };
  }
  const facts = INJECTION[mesh];
  const pod = readMarkers(facts.pod, podLabels(ctx.w), podAnnotations(ctx.w), "the pod template");
  if (pod) return pod;
  if (facts.namespace.length === 0) {
    return { meshed: false, reason: `the pod template does not ask for ${mesh} injection (${facts.pod[0].key})` };
  }
  const name = ctx.w.ref.namespace ?? "default";
  const ns = ctx.facts.namespaces.get(name);
  if (!ns) return { meshed: true, reason: `mesh.${mesh} is configured and the input has no Namespace ${name} to say otherwise` };
  const where = `Namespace ${name}`;
  return readMarkers(facts.namespace, ns.labels, ns.annotations, where) ?? {
    meshed: false,
    reason: `${where} in the input does not enable ${mesh} injection`
  };
}
function readMarkers(markers, labels, annotations, where) {
  for (const m of markers) {
    const [kind2, raw] = m.in !== "annotation" && m.key in labels ? ["label", labels[m.key]] : m.in !== "label" && m.key in annotations ? ["annotation", annotations[m.key]] : [];
    if (raw === void 0 || raw === null) continue;
    const v = String(raw);
    const meshed = m.on === "*" ? v !== "" : m.on.includes(v) ? true : m.off.includes(v) ? false : void 0;
    if (meshed === void 0 || meshed && m.offOnly) continue;
    return { meshed, reason: `${where} has ${kind2} ${m.key}: ${JSON.stringify(v)}`, ...meshed && { evidence: true } };
  }
  return void 0;
}
function anyMarker(ctx, mesh, onPod) {
  if (onPod?.has(mesh)) return true;
  const facts = INJECTION[mesh];
  const ns = facts.namespace.length > 0 ? ctx.facts.namespaces.get(ctx.w.ref.namespace ?? "default") : void 0;
  return ns !== void 0 && facts.namespace.some((m) => m.key in ns.labels || m.key in ns.annotations);
}
var POD_MARKER_KEYS = /* @__PURE__ */ new Map();
for (const mesh of MESHES) for (const m of INJECTION[mesh].pod) POD_MARKER_KEYS.set(m.key, [...POD_MARKER_KEYS.get(m.key) ?? [], mesh]);
function markedOnPod(labels, annotations) {
  let out;
  for (const key in labels) out = addMarked(out, key);
  for (const key in annotations) out = addMarked(out, key);
  return out;
}
function addMarked(out, key) {
  const meshes = POD_MARKER_KEYS.get(key);
  if (meshes) for (const mesh of meshes) (out ??= /* @__PURE__ */ new Set()).add(mesh);
  return out;
}
function meshesOf(ctx, meta = podMetadata(ctx.w)) {
  const onPod = markedOnPod(meta?.labels, meta?.annotations);
  if (onPod === void 0 && !hasKeys(ctx.cfg.mesh) && !ctx.facts.namespaces.has(ctx.w.ref.namespace ?? "default")) return [];
  const out = [];
  for (const mesh of MESHES) {
    const configured = ctx.cfg.mesh[mesh];
    if (configured?.enabled === false) continue;
    if (!configured && !anyMarker(ctx, mesh, onPod)) continue;
    const { meshed, reason, evidence } = injection(ctx, mesh);
    if (!meshed || !configured && !evidence) continue;
    if (configured) out.push({ mesh, reason, settings: configured });
    else
      out.push({
        mesh,
        reason: `${reason}, so ${mesh} is handled with its default settings (mesh.${mesh}.enabled: false turns this off)`,
        settings: meshDefaults[mesh]
      });
  }
  return out;
}
function hasKeys(o) {
  for (const _ in o) return true;
  return false;
}
var isTrue2 = (v) => String(v).toLowerCase() === "true";
function nativeChoice(ctx, profile) {
  if (!MESHES.includes(profile)) return void 0;
  const annotations = podAnnotations(ctx.w);
  const key = nativeKeyIn(profile, annotations);
  return key === void 0 ? void 0 : { key, native: isTrue2(annotations[key]) };
}
function nativeByDefault(ctx, mesh) {
  const release = configuredRelease(ctx.cfg, mesh);
  const row = profileAt(mesh, release).nativeByDefault;
  const minor = minorVersion(ctx.cfg);
  if (!row || release === void 0 || minor === void 0 || minor < minorOf(row.kubernetes)) return void 0;
  return { release, kubernetes: ctx.cfg.kubernetesVersion };
}
function nativeDefaultUnknown(ctx, mesh) {
  if (configuredRelease(ctx.cfg, mesh) !== void 0 || nativeChoice(ctx, mesh)) return void 0;
  const row = tableOf(mesh).nativeByDefault?.[0];
  const minor = minorVersion(ctx.cfg);
  if (!row?.since || minor === void 0 || minor < minorOf(row.value.kubernetes)) return void 0;
  return { since: row.since, kubernetes: row.value.kubernetes };
}
function nativeKeyIn(mesh, annotations) {
  return NATIVE_KEYS[mesh].find((k) => annotations[k] !== void 0 && annotations[k] !== null);
}
function nativeAsked(mesh, annotations) {
  const key = nativeKeyIn(mesh, annotations);
  return key !== void 0 && isTrue2(annotations[key]);
}
function nativeDecides(ctx, mesh) {
  const version = configuredRelease(ctx.cfg, mesh);
  return version !== void 0 && factAt(tableOf(mesh).nativeKeys, version) !== void 0 && nativeAsked(mesh, podAnnotations(ctx.w));
}
function meshedSidecars(ctx) {
  const annotations = podAnnotations(ctx.w);
  return meshesOf(ctx).flatMap(({ mesh, reason, settings }) => {
    if (mesh === "vault" && isTrue2(annotations[ANNOTATION.vaultPrePopulate])) return [];
    const release = configuredRelease(ctx.cfg, mesh);
    const p = profileAt(mesh, release);
    const native2 = nativeChoice(ctx, mesh)?.native ?? nativeByDefault(ctx, mesh) !== void 0;
    const shutdown = !native2 && shutdownEnabled(ctx.cfg, mesh, settings, annotations) ? p.shutdown : void 0;
    const urls = withPodSettings({ readiness: p.readiness, shutdown }, mesh, release, annotations);
    const one = (container, u) => ({
      profile: mesh,
      container,
      native: native2,
      // Copies: callers may adjust them without touching the shared profile.
      ...u.readiness && { readiness: structuredClone(u.readiness) },
      ...u.shutdown && { shutdown: structuredClone(u.shutdown) },
      reason
    });
    const services = perServiceNames(mesh, release, annotations);
    if (services.length === 0) return [one(p.containerName, urls)];
    return services.map((svc, i) => one(`${p.containerName}-${svc}`, portsUp(urls, i)));
  });
}
function shutdownEnabled(cfg, mesh, settings, annotations) {
  switch (mesh) {
    case "istio":
      return true;
    // /quitquitquit is always there (Istio >= 1.3)
    case "linkerd": {
      const on = profileAt(mesh, configuredRelease(cfg, mesh)).shutdownSwitch?.annotations?.[ANNOTATION.linkerdShutdown];
      return settings.shutdown === true && (on === void 0 || annotations[ANNOTATION.linkerdShutdown] === on);
    }
    case "consul":
      return settings.shutdown === true && isTrue2(annotations[ANNOTATION.consulLifecycle]);
    case "dapr":
      return settings.shutdown === true;
    case "vault":
      return settings.quit === true && isTrue2(annotations[ANNOTATION.vaultQuit]);
    case "kuma":
      return false;
  }
}

// src/pod/apps.ts
function pathNow(w, c) {
  return podField(w, "containers", (w.pod.containers ?? []).indexOf(c));
}
function appContainers(w, cfg) {
  const out = [];
  (w.pod.containers ?? []).forEach((c, i) => specFor(c, cfg) || out.push({ c, path: podField(w, "containers", i) }));
  return out;
}
var ENTRYPOINT_ANNOTATION = "pod-sequencer.dev/entrypoint.";
function configuredEntrypoint(w, cfg, c) {
  const key = ENTRYPOINT_ANNOTATION + c.name;
  const raw = podAnnotations(w)[key] ?? w.metadata.annotations?.[key];
  if (raw !== void 0) {
    let v;
    try {
      v = JSON.parse(String(raw));
    } catch {
      v = void 0;
    }
    if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === "string") || v[0] === "") {
      return {
        error: {
          summary: `annotation ${key} is not a JSON list of strings: ${c.name} cannot be wrapped`,
          detail: `It gives the image's entrypoint; it is ${JSON.stringify(String(raw))}. Until it is one, pod-sequencer leaves this workload unchanged.`,
          fix: `${key}: '["/app/run", "--flag"]'`
        }
      };
    }
    return { argv: v, from: `annotation ${key}` };
  }
  const i = cfg.jobs.entrypoints.findIndex(
    (e) => (e.container === void 0 || matchGlob(e.container, c.name)) && (e.image === void 0 || c.image !== void 0 && matchGlob(e.image, c.image))
  );
  return i < 0 ? void 0 : { argv: [...cfg.jobs.entrypoints[i].command], from: `jobs.entrypoints[${i}]` };
}
function argvToWrap(w, cfg, c) {
  const ours = parseWrapper((c.command ?? []).map(String));
  if (ours) return { argv: ours.spec.argv };
  if (c.command?.length) return { argv: c.command.map(String) };
  return configuredEntrypoint(w, cfg, c) ?? {
    error: {
      summary: `container ${c.name} has no command, so it cannot be wrapped: this workload is left unchanged`,
      detail: `Its image's ENTRYPOINT is not in the manifest. Name it in the annotation the fix shows, or in jobs.entrypoints ({container: ${c.name}, command: [...]}).`,
      fix: `${ENTRYPOINT_ANNOTATION}${c.name}: '["/path/to/entrypoint"]'`
    }
  };
}

// src/pod/scripts.ts
var SHELL = /^(?:.*\/)?(?:ba|da|a|z|k|mk)?sh$/;
var MAX_SCRIPTS = 8;
function scriptsRun(w, c, facts) {
  const argv = programArgv(c).map((x) => x.text);
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const follow = (path, args) => {
    if (seen.has(path) || out.length >= MAX_SCRIPTS) return;
    seen.add(path);
    const file = mountedFile(w, c, path, facts);
    if (file === void 0 || isUnread(file)) return;
    const text2 = expanded(withArgs(uncommented(file.text), args));
    out.push({ text: text2, from: file.from });
    for (const run of scriptRuns(text2)) follow(run.path, run.args);
  };
  const inline = shellScript(programArgv(c));
  if (inline) {
    const text2 = expanded(uncommented(inline.text));
    out.push({ text: text2, from: "its sh -c script" });
    for (const run of scriptRuns(text2)) follow(run.path, run.args);
  } else if (SHELL.test(argv[0] ?? "")) {
    const i = argv.findIndex((a, k) => k > 0 && !a.startsWith("-"));
    if (i > 0 && argv[i].startsWith("/")) follow(argv[i], argv.slice(i + 1));
  } else if (argv[0]?.startsWith("/")) {
    follow(argv[0], argv.slice(1));
  }
  return out;
}
function uncommented(text2) {
  return text2.replace(/^[ \t]*#.*$/gm, "");
}
function withArgs(text2, args) {
  return text2.replace(/\$\{?([1-9])\}?/g, (m, n) => args[Number(n) - 1] ?? m);
}
function expanded(text2) {
  const vars = /* @__PURE__ */ new Map();
  for (const m of text2.matchAll(/^[ \t]*(?:readonly[ \t]+|export[ \t]+|local[ \t]+)?([A-Za-z_]\w*)=(?:"([^"$`]*)"|'([^']*)'|([^\s"'$`;&|()]*))[ \t]*$/gm)) {
    vars.set(m[1], m[2] ?? m[3] ?? m[4] ?? "");
  }
  return vars.size === 0 ? text2 : text2.replace(/\$\{?([A-Za-z_]\w*)\}?/g, (v, name) => vars.get(name) ?? v);
}
function scriptRuns(text2) {
  const out = [];
  const RUN = /(?:^|[\n;&|(]|\b(?:then|do|else)\b)[ \t]*(?:(?:exec|\.|source|(?:\/(?:usr\/)?bin\/)?(?:ba|da|a|z|k|mk)?sh)[ \t]+(?:-[a-z]+[ \t]+)*)?["']?(\/[^\s"';&|)]*)["']?([^\n;&|]*)/g;
  for (const m of text2.matchAll(RUN)) {
    const args = [...m[2].matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((a) => a[1] ?? a[2] ?? a[3]);
    out.push({ path: m[1], args });
  }
  return out;
}
function scriptWaitingFor(scripts, t) {
  const target2 = targetOf(t);
  if (!target2) return void 0;
  const { host, port } = target2;
  const h = hostPattern(host);
  const p = port === void 0 ? "\\d+" : port;
  const tools = new RegExp(
    `\\b(?:wait-for-it(?:\\.sh)?|wait-for|wait4x\\s+\\w+)\\s+(?:\\S+\\s+)*?${h}:${p}\\b|\\bdockerize\\b[^\\n]*-wait\\s+(?:tcp|https?)://${h}(?::${p})?\\b`
  );
  const probes = [];
  if (t.tcp !== void 0) {
    probes.push(new RegExp(`\\bnc\\b[^\\n;&|]*\\s${h}\\s+${p}\\b`), new RegExp(`/dev/tcp/${h}/${p}\\b`));
    if (port === "5432") probes.push(/\bpg_isready\b(?![^\n;&|]*(?:-p\s*|--port[= ])(?!5432\b)\d)/);
  }
  if (t.http !== void 0) probes.push(new RegExp(`\\b(?:curl|wget)\\b[^\\n;&|]*\\b${h}${port === void 0 ? "" : `(?::${p})?`}\\b`));
  if (t.dns !== void 0) probes.push(new RegExp(`\\b(?:nslookup|getent\\s+hosts|host|dig)\\s+(?:\\S+\\s+)*?${h}\\b`));
  return scripts.find((s) => tools.test(s.text) || /\b(?:until|while|for)\b/.test(s.text) && probes.some((r) => r.test(s.text) && mentions(s.text, h, t)));
}
function mentions(text2, h, t) {
  return t.tcp === void 0 || new RegExp(`(?:^|[\\s=:/'"])${h}(?![\\w.-])`).test(text2);
}
function targetOf(t) {
  if (t.tcp !== void 0) {
    const i = t.tcp.lastIndexOf(":");
    return i > 0 ? { host: t.tcp.slice(0, i), port: t.tcp.slice(i + 1) } : void 0;
  }
  if (t.http !== void 0) {
    try {
      const url = new URL(t.http);
      return { host: url.hostname, ...url.port && { port: url.port } };
    } catch {
      return void 0;
    }
  }
  return t.dns !== void 0 ? { host: t.dns } : void 0;
}
function hostPattern(host) {
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const first = host.split(".")[0];
  return /\.svc(\.|$)/.test(host) || !host.includes(".") ? `(?:${esc(host)}|${esc(first)}(?:\\.[\\w-]+)*)` : esc(host);
}

// src/pod/waits.ts
var WAIT_PREFIX = "seq-wait-";
var isWaitContainer = (c) => c.name.startsWith(WAIT_PREFIX);
var HOST = "([A-Za-z0-9][A-Za-z0-9._-]*)";
var IN_LOOP = [
  [new RegExp(`/dev/tcp/${HOST}/(\\d+)`, "g"), 1, 2],
  [new RegExp(`\\b(?:nc|ncat|netcat)\\b(?:\\s+-\\S+(?:\\s+\\d+)?)*\\s+${HOST}\\s+(\\d+)\\b`, "g"), 1, 2],
  [new RegExp(`\\bpg_isready\\b[^;&|\\n]*?-h\\s*${HOST}(?:[^;&|\\n]*?-p\\s*(\\d+))?`, "g"), 1, 2, 5432],
  [new RegExp(`\\b(?:curl|wget)\\b[^;&|\\n]*?https?://${HOST}(?::(\\d+))?`, "g"), 1, 2],
  [new RegExp(`\\b(?:nslookup|getent\\s+hosts|dig|host)\\s+${HOST}`, "g"), 1, 0]
];
var LOOPING = [
  new RegExp(`\\b(?:wait-for(?:-it)?(?:\\.sh)?|dockerize\\b[^;&|\\n]*?-wait)\\s+(?:(?:tcp|https?)://)?${HOST}:(\\d+)`, "g"),
  new RegExp(`\\b(?:wait-for(?:-it)?(?:\\.sh)?)\\s+(?:-h\\s+|--host=)${HOST}\\s+(?:-p\\s+|--port=)(\\d+)`, "g")
];
var LOOP = /\b(?:until|while|for)\b/;
var PROGRAM_WAITS = [
  {
    program: /\bkong\s+migrations\b/,
    host: { env: "KONG_PG_HOST", default: "127.0.0.1" },
    port: { env: "KONG_PG_PORT", default: 5432 },
    source: "Kong/kong@3.9.3:kong.conf.default",
    quote: "#pg_port = 5432                  # Port of the Postgres server.",
    also: [
      { source: "Kong/kong@3.9.3:kong.conf.default", quote: "#pg_host = 127.0.0.1             # Host of the Postgres server." },
      { source: "Kong/kong@3.9.3:kong.conf.default", quote: "# All environment variables prefixed with `KONG_` and capitalized will override" }
    ]
  }
];
function handWrittenWaits(w) {
  const out = [];
  for (const c of w.pod.initContainers ?? []) {
    if (isWaitContainer(c) || isNativeSidecar(c)) continue;
    const text2 = expand2(
      argvOf(c).map((x) => x.text).join(" "),
      envOf(c)
    );
    const looped = LOOP.test(text2);
    for (const [re, h, p, dflt] of looped ? IN_LOOP : []) {
      for (const m of text2.matchAll(re)) out.push(wait(c, m[h], p ? m[p] ?? (dflt !== void 0 ? String(dflt) : void 0) : void 0));
    }
    for (const re of LOOPING) for (const m of text2.matchAll(re)) out.push(wait(c, m[1], m[2]));
    const env = envOf(c);
    for (const p of looped ? PROGRAM_WAITS : []) {
      if (p.program.test(text2)) out.push(wait(c, env.get(p.host.env) ?? p.host.default, env.get(p.port.env) ?? String(p.port.default)));
    }
  }
  return out;
}
function wait(c, host, port) {
  return { container: c.name, host: host.toLowerCase(), ...port !== void 0 && { port: Number(port) } };
}
function awaitedBy(dep, waits) {
  const target2 = targetOf2(dep);
  if (!target2) return void 0;
  return waits.find((x) => sameHost(x.host, target2.host) && (target2.port === void 0 || x.port === void 0 || x.port === target2.port));
}
function targetOf2(dep) {
  if (dep.tcp !== void 0) {
    const hp = splitHostPort(dep.tcp);
    return hp && { host: hp.host.toLowerCase(), port: Number(hp.port) };
  }
  if (dep.http !== void 0) {
    try {
      const u = new URL(dep.http);
      return { host: u.hostname.toLowerCase(), port: Number(u.port || (u.protocol === "https:" ? 443 : 80)) };
    } catch {
      return void 0;
    }
  }
  return dep.dns !== void 0 ? { host: dep.dns.toLowerCase() } : void 0;
}
function sameHost(a, b) {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return !short.includes(".") && long.startsWith(`${short}.`) && /\.svc(\.cluster\.local)?$|^[^.]+\.[^.]+$/.test(long);
}
function envOf(c) {
  const env = /* @__PURE__ */ new Map();
  for (const e of c.env ?? []) {
    if (typeof e?.name === "string" && typeof e.value === "string") env.set(e.name, e.value);
  }
  return env;
}
function expand2(text2, env) {
  return text2.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|\(([A-Za-z_][A-Za-z0-9_]*)\)|([A-Za-z_][A-Za-z0-9_]*))/g,
    (all, a, b, c) => env.get(a ?? b ?? c) ?? all
  );
}

// src/pod/dependencies.ts
var DEPENDENCIES_ANNOTATION = "pod-sequencer.dev/dependencies";
var MAX_DEPENDENCIES = 50;
var sameTarget = (a, b) => a.http === b.http && a.tcp === b.tcp && a.dns === b.dns;
function describeTarget(t) {
  return t.http !== void 0 ? `GET ${t.http}` : t.tcp !== void 0 ? `TCP ${t.tcp}` : `DNS ${t.dns}`;
}
var oneLine = (s) => s.replace(/[\x00-\x1f\x7f]/g, (c) => JSON.stringify(c).slice(1, -1));
function dependenciesOf(ctx) {
  const w = ctx.w;
  const deps = ctx.cfg.dependencies.filter((d) => !d.selector || matches(d.selector, w));
  const none = (a) => a?.[DEPENDENCIES_ANNOTATION] === void 0 || a[DEPENDENCIES_ANNOTATION] === null;
  if (deps.length === 0 && none(w.metadata.annotations) && none(podAnnotations(w))) return { deps, problems: [] };
  const taken = new Set(deps.map((d) => d.name));
  const problems = [];
  const sources = [[w.metadata.annotations, "metadata.annotations"]];
  if (w.metaPath.length > 1) sources.push([podAnnotations(w), podMetaField(w, "annotations")]);
  for (const [annotations, at] of sources) {
    const value = annotations?.[DEPENDENCIES_ANNOTATION];
    if (value === void 0 || value === null) continue;
    const path = `${at}[${JSON.stringify(DEPENDENCIES_ANNOTATION)}]`;
    for (const url of String(value).split(",").map((s) => s.trim()).filter(Boolean)) {
      const parsed2 = parseDependencyUrl(url);
      if (typeof parsed2 === "string") problems.push({ text: oneLine(parsed2), path });
      else if (!deps.some((d) => sameTarget(d, parsed2))) {
        deps.push({ name: dependencyName(dependencyHost(parsed2), taken), ...parsed2, ...dependencyDefaults });
      }
    }
  }
  if (deps.length > MAX_DEPENDENCIES) {
    problems.push({
      text: `${deps.length} dependencies for one workload, more than the ${MAX_DEPENDENCIES} pod-sequencer writes init containers for; list the ones the app needs at start`,
      path: `${w.metadata.annotations?.[DEPENDENCIES_ANNOTATION] !== void 0 ? "metadata.annotations" : podMetaField(w, "annotations")}[${JSON.stringify(DEPENDENCIES_ANNOTATION)}]`
    });
    return { deps: [], problems };
  }
  if (!resolvesClusterNames(w)) {
    const cluster = deps.filter((d) => isClusterName(dependencyHost(d)));
    for (const d of cluster) {
      problems.push({
        text: `dependency ${d.name} (${describeTarget(d)}) names a cluster Service, which this hostNetwork pod cannot resolve (dnsPolicy is not ClusterFirstWithHostNet), so no wait is added`,
        path: podField(w, "hostNetwork"),
        self: true
      });
    }
    deps.splice(0, deps.length, ...deps.filter((d) => !cluster.includes(d)));
  }
  const own = deps.map((d) => ownService(ctx, dependencyHost(d)));
  own.forEach((service2, i) => {
    if (!service2) return;
    const d = deps[i];
    problems.push({
      text: `dependency ${d.name} (${describeTarget(d)}) is this workload's own Service ${service2}: a pod that waits for itself never starts, so no wait is added`,
      path: podField(w, "initContainers"),
      self: true
    });
  });
  const waits = handWrittenWaits(w);
  const ours = (d) => (w.pod.initContainers ?? []).some((c) => c.name === WAIT_PREFIX + d.name);
  const kept2 = deps.filter((d, i) => !own[i] && (ours(d) || !awaitedBy(d, waits)));
  const handled = awaitedByScripts(ctx, kept2);
  return { deps: kept2.filter((d) => !handled.some((h) => h.dep === d)), problems, ...handled.length > 0 && { handled } };
}
function awaitedByScripts(ctx, deps) {
  if (deps.length === 0) return [];
  const ours = (ctx.w.pod.initContainers ?? []).flatMap((c) => parseDependencyWait((c.command ?? []).map(String))?.dep ?? []);
  const scripts = appContainers(ctx.w, ctx.cfg).flatMap((a) => scriptsRun(ctx.w, a.c, ctx.facts));
  if (scripts.length === 0) return [];
  return deps.flatMap((dep) => {
    if (ours.some((o) => sameTarget(o, dep))) return [];
    const s = scriptWaitingFor(scripts, dep);
    return s ? [{ dep, from: s.from }] : [];
  });
}
function readDependencies(ctx) {
  const { deps, problems } = dependenciesOf(ctx);
  const bad = problems.filter((p) => !p.self);
  for (const p of problems) {
    if (p.self) ctx.report("warning", p.text, p.path);
    else ctx.report("error", `annotation ${DEPENDENCIES_ANNOTATION}: ${p.text}; fix or remove it (this workload is left unchanged until then)`, p.path);
  }
  return bad.length > 0 ? void 0 : deps;
}
function ownService(ctx, host) {
  const ns = ctx.w.ref.namespace ?? "default";
  const [name, hostNs = ns, svc, ...rest] = host.toLowerCase().split(".");
  if (svc !== void 0 && svc !== "svc" || rest.length > 0 && rest.join(".") !== "cluster.local") return void 0;
  const labels = podLabels(ctx.w);
  const s = ctx.facts.services.all().find((x) => x.name === name && x.namespace === hostNs && hostNs === ns && Object.entries(x.selector).every(([k, v]) => labels[k] === v));
  return s && `${s.namespace}/${s.name}`;
}
function isClusterName(host) {
  return host !== "" && !/^[\d.]+$|^\[|:/.test(host) && (!host.includes(".") || /\.svc(\.|$)/.test(host));
}
var CAPTURING = MESHES.filter((m) => profiles[m].proxyUid !== void 0);
var uidOf = (mesh) => profiles[mesh].proxyUid;
function classicCaptors(ctx) {
  const out = [];
  for (const s of meshedSidecars(ctx)) {
    if (!s.native && CAPTURING.includes(s.profile)) {
      out.push({ container: s.container, uid: uidOf(s.profile), why: `${s.container} is injected as a classic sidecar (${s.reason})` });
    }
  }
  for (const c of ctx.w.pod.containers ?? []) {
    const mesh = captorMesh(ctx, c);
    if (mesh && !out.some((o) => o.uid === uidOf(mesh))) {
      out.push({ container: c.name, uid: uidOf(mesh), why: `${c.name} is a classic sidecar in the manifest` });
    }
  }
  return out;
}
var captureSetup = CAPTURING.flatMap((m) => profiles[m].initAfter);
function captorMesh(ctx, c) {
  const profile = specFor(c, ctx.cfg)?.profile;
  return CAPTURING.find((m) => c.name === profiles[m].containerName || profile === m);
}

// src/sequence/tools.ts
var TOOLS_VOLUME = "seq-tools";
function syncTools(ctx) {
  const pod = ctx.w.pod;
  const all = allContainers(pod);
  const users = all.filter((c) => c.name !== TOOLS_CONTAINER && callsTools(c));
  const existing = (pod.initContainers ?? []).find((c) => c.name === TOOLS_CONTAINER);
  const present = existing !== void 0;
  if (users.length === 0 && !present && !all.some(hasToolsMount)) return;
  if (users.length > 0 && existing && !isOurs(existing)) {
    ctx.report(
      "error",
      {
        summary: `init container ${TOOLS_CONTAINER} is not pod-sequencer's: this workload is left unchanged`,
        detail: `It runs ${JSON.stringify(existing.command ?? existing.image ?? null)}, but tools.delivery inject needs that name for its busybox copy; rename it.`
      },
      podField(ctx.w, "initContainers", pod.initContainers.indexOf(existing))
    );
    return;
  }
  const untold = [];
  for (const c of all) {
    if (c.name === TOOLS_CONTAINER) continue;
    if (users.includes(c)) {
      if (addMount(c) && present) untold.push(`mounted ${TOOLS_DIR} in ${c.name}`);
    } else if (hasToolsMount(c)) {
      removeMount(c);
      if (users.length > 0 || !present) untold.push(`removed the ${TOOLS_DIR} mount from ${c.name}, which no longer calls the tools`);
    }
  }
  if (users.length > 0) {
    const shared = shareWrappers(users, untold);
    const tools = toolsContainer(ctx.cfg, shared);
    const initContainers = [tools, ...(pod.initContainers ?? []).filter((c) => c.name !== TOOLS_CONTAINER)];
    const updated = present && !deepEqual(pod.initContainers, initContainers);
    pod.initContainers = initContainers;
    if (!(pod.volumes ?? []).some((v) => v.name === TOOLS_VOLUME)) {
      pod.volumes = [...pod.volumes ?? [], { name: TOOLS_VOLUME, emptyDir: {} }];
      if (present) untold.push(`added the volume ${TOOLS_VOLUME} it mounts`);
    }
    if (!present) {
      ctx.report(
        "info",
        {
          summary: `added init container ${TOOLS_CONTAINER}, which copies the tools the waits and wrappers run`,
          detail: `It copies a static busybox to ${TOOLS_DIR} for the wait scripts of ${users.map((c) => c.name).join(", ")}${shared ? `, and writes the wrapper script to ${TOOLS_DIR}/${SHARED_WRAPPER}` : ""}.`
        },
        podField(ctx.w, "initContainers", 0)
      );
    } else if (updated) {
      ctx.report(
        "info",
        `updated init container ${TOOLS_CONTAINER}: the configured tools image and resources, and the shared wrapper its containers need`,
        podField(ctx.w, "initContainers", 0)
      );
    }
  } else if (present) {
    pod.initContainers = pod.initContainers.filter((c) => c.name !== TOOLS_CONTAINER);
    if (pod.initContainers.length === 0) delete pod.initContainers;
    pod.volumes = (pod.volumes ?? []).filter((v) => v.name !== TOOLS_VOLUME);
    if (pod.volumes.length === 0) delete pod.volumes;
    ctx.report("info", `removed init container ${TOOLS_CONTAINER}: no container needs the injected tools any more`, podField(ctx.w, "initContainers"));
  }
  if (untold.length > 0) ctx.report("info", `${TOOLS_CONTAINER} wiring: ${untold.join("; ")}`, podField(ctx.w, "containers"));
}
function shareWrappers(users, untold) {
  const specs = [];
  for (const c of users) {
    const w = parseWrapper((c.command ?? []).map(String));
    if (!w?.shared) continue;
    if (specs.length && w.spec.mode !== specs[0].mode) {
      c.command = wrapperCommand(w.spec, w.env, "inline");
      untold.push(`wrote ${c.name}'s ${w.spec.mode} wrapper inline (the shared one is for ${specs[0].mode} wrappers)`);
    } else specs.push(w.spec);
  }
  return specs.length ? sharedWrapper(specs) : void 0;
}
function toolsContainer(cfg, shared) {
  return {
    name: TOOLS_CONTAINER,
    image: cfg.tools.image,
    command: shared ? toolsInstall("/bin/busybox", TOOLS_DIR, shared) : ["/bin/busybox", "cp", "/bin/busybox", `${TOOLS_DIR}/busybox`],
    resources: cfg.tools.resources,
    securityContext: restrictedSecurityContext(),
    volumeMounts: [{ name: TOOLS_VOLUME, mountPath: TOOLS_DIR }]
  };
}
function restrictedSecurityContext(uid = 65534) {
  return {
    runAsNonRoot: true,
    runAsUser: uid,
    runAsGroup: uid,
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ["ALL"] },
    seccompProfile: { type: "RuntimeDefault" }
  };
}
function isOurs(c) {
  const cmd = (c.command ?? []).map(String);
  if (parseToolsInstall(cmd)?.toolsDir === TOOLS_DIR) return true;
  return cmd.length === 4 && cmd[0].endsWith("busybox") && cmd[1] === "cp" && cmd[3] === `${TOOLS_DIR}/busybox`;
}
function allContainers(pod) {
  return [...pod.initContainers ?? [], ...pod.containers ?? []];
}
function callsTools(c) {
  const prefix2 = `${TOOLS_DIR}/`;
  const uses = (cmd) => typeof cmd?.[0] === "string" && cmd[0].startsWith(prefix2);
  return uses(c.command) || uses(c.lifecycle?.postStart?.exec?.command) || uses(c.lifecycle?.preStop?.exec?.command);
}
function addMount(c) {
  if ((c.volumeMounts ?? []).some((m) => m.name === TOOLS_VOLUME)) return false;
  c.volumeMounts = [...c.volumeMounts ?? [], { name: TOOLS_VOLUME, mountPath: TOOLS_DIR, readOnly: true }];
  return true;
}
function hasToolsMount(c) {
  return (c.volumeMounts ?? []).some(isToolsMount);
}
var isToolsMount = (m) => m.name === TOOLS_VOLUME && m.mountPath === TOOLS_DIR;
function removeMount(c) {
  c.volumeMounts = c.volumeMounts.filter((m) => !isToolsMount(m));
  if (c.volumeMounts.length === 0) delete c.volumeMounts;
}

// src/sequence/dependencies.ts
function workaround(ctx) {
  const captors = classicCaptors(ctx);
  return captors.length > 0 && captors.every((c) => c.uid === captors[0].uid) ? captors[0] : void 0;
}
function waitEnv(cfg) {
  return cfg.tools.delivery === "inject" ? { delivery: "inject", toolsDir: "/bin" } : { delivery: "image", toolsDir: TOOLS_DIR };
}
function waitContainer(cfg, dep, uid) {
  const wait2 = {
    name: dep.name,
    http: dep.http,
    tcp: dep.tcp,
    dns: dep.dns,
    timeoutSeconds: dep.timeoutSeconds,
    periodSeconds: dep.periodSeconds
  };
  return {
    name: WAIT_PREFIX + dep.name,
    image: cfg.tools.image,
    command: dependencyWait(wait2, waitEnv(cfg)),
    resources: structuredClone(cfg.tools.resources),
    securityContext: restrictedSecurityContext(uid)
  };
}
var meshSetup = profileNames.flatMap((p) => profiles[p].initAfter);
function insertionIndex(init) {
  let at = 0;
  init.forEach((c, i) => {
    if (c.name === TOOLS_CONTAINER || isNativeSidecar(c) || meshSetup.some((g) => matchGlob(g, c.name))) at = i + 1;
  });
  return at;
}
function awaitDependencies(ctx, all) {
  const pod = ctx.w.pod;
  const deps = all.filter((d) => nameFree(ctx, d));
  const before = pod.initContainers ?? [];
  const uid = deps.length > 0 ? workaround(ctx) : void 0;
  const others = before.filter((c) => !isWaitContainer(c));
  const at = insertionIndex(others);
  const wanted = deps.map((d) => {
    const fresh = waitContainer(ctx.cfg, d, uid?.uid);
    const old = before.find((c) => c.name === fresh.name);
    return old && deepEqual(old, fresh) ? old : fresh;
  });
  const after = [...others.slice(0, at), ...wanted, ...others.slice(at)];
  if (deepEqual(before, after)) return;
  if (after.length > 0) pod.initContainers = after;
  else delete pod.initContainers;
  report(ctx, deps, before, after, uid);
}
function nameFree(ctx, d) {
  const name = WAIT_PREFIX + d.name;
  const i = (ctx.w.pod.containers ?? []).findIndex((c) => c.name === name);
  if (i < 0) return true;
  ctx.report(
    "error",
    {
      summary: `no wait for ${d.name}: container ${name} already exists, and names are unique across a pod`,
      detail: `pod-sequencer names the wait for dependency ${d.name} ${name}. Rename that container, or give the dependency another name.`
    },
    podField(ctx.w, "containers", i)
  );
  return false;
}
function report(ctx, deps, before, after, uid) {
  const field = (c) => podField(ctx.w, "initContainers", after.indexOf(c));
  const asUid = uid ? ` It runs as UID ${uid.uid}, ${uid.container}'s, whose traffic the mesh lets through before the proxy is up: ${uid.why}.` : "";
  for (const d of deps) {
    const c = after.find((x) => x.name === WAIT_PREFIX + d.name);
    const old = before.find((x) => x.name === c.name);
    if (old === c) continue;
    const detail = `It checks ${describeTarget(d)} every ${d.periodSeconds}s, ${d.timeoutSeconds === 0 ? "forever" : `up to ${d.timeoutSeconds}s`}.${asUid}`;
    ctx.report("info", { summary: `${old ? "updated" : "added"} init container ${c.name}, so the app waits for ${d.name}`, detail }, field(c));
  }
  for (const old of before) {
    if (isWaitContainer(old) && !after.some((c) => c.name === old.name)) {
      ctx.report(
        "info",
        {
          summary: `removed init container ${old.name}: its dependency is gone`,
          detail: `No dependency of this workload is named ${old.name.slice(WAIT_PREFIX.length)} any more.`
        },
        podField(ctx.w, "initContainers")
      );
    }
  }
  const kept2 = (list2) => list2.filter((c) => before.some((b) => b.name === c.name) && after.some((a) => a.name === c.name)).map((c) => c.name).join();
  const first = after.find(isWaitContainer);
  if (first && kept2(before) !== kept2(after)) {
    const prev = after[after.indexOf(first) - 1]?.name;
    ctx.report(
      "info",
      `moved the dependency waits ${prev ? `after ${prev}` : "to the start"}: they run after native sidecars and mesh setup, in configured order, before other init containers`,
      field(first)
    );
  }
}

// src/pod/gate.ts
function budgetFlag(spec) {
  const p = profileAt(spec.profile, spec.version);
  return spec.waitCommand && p.waitBudget && p.waitCommand && spec.waitCommand[0] === p.waitCommand[0] ? p.waitBudget : void 0;
}
function withoutBudget(argv, spec) {
  const flag = budgetFlag(spec)?.flag;
  if (!flag) return [...argv];
  return argv.filter((a, i) => a !== flag && !a.startsWith(`${flag}=`) && argv[i - 1] !== flag);
}
function isWaitCommand(argv, spec) {
  return spec.waitCommand !== void 0 && JSON.stringify(withoutBudget(argv, spec)) === JSON.stringify(withoutBudget(spec.waitCommand, spec));
}
function postStartHolds(spec, c) {
  const cmd = c.lifecycle?.postStart?.exec?.command;
  if (!cmd) return false;
  const argv = withoutBudget(cmd.map(String), spec);
  const wait2 = spec.waitCommand && withoutBudget(spec.waitCommand, spec);
  return parseHook(cmd.map(String)) !== null || wait2 !== void 0 && wait2.every((w, i) => argv[i] === w);
}

// src/sequence/readiness.ts
var LOOPBACK2 = /* @__PURE__ */ new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
function startupProbe(check, timeoutSeconds) {
  const common = { periodSeconds: 1, failureThreshold: Math.max(1, timeoutSeconds) };
  if (check.http) {
    const url = new URL(check.http);
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    const httpGet = { path: url.pathname + url.search, port };
    if (!LOOPBACK2.has(url.hostname)) httpGet.host = url.hostname;
    if (url.protocol === "https:") httpGet.scheme = "HTTPS";
    return { httpGet, ...common };
  }
  if (check.tcp) {
    const [host, port] = splitHostPort2(check.tcp);
    const tcpSocket = { port };
    if (host && !LOOPBACK2.has(host)) tcpSocket.host = host;
    return { tcpSocket, ...common };
  }
  return void 0;
}
function splitHostPort2(hostPort) {
  const i = hostPort.lastIndexOf(":");
  return [hostPort.slice(0, i), Number(hostPort.slice(i + 1))];
}
function ensureArgs(c, flags) {
  const present = new Set([...c.command ?? [], ...c.args ?? []].map(flagName));
  const missing = flags.filter((f) => !present.has(flagName(f)));
  if (missing.length > 0) c.args = [...c.args ?? [], ...missing];
  return missing;
}
function flagName(arg) {
  return String(arg).split("=")[0];
}
var NEEDS = {
  readiness: (n) => `: its readiness endpoint needs ${n > 1 ? "them" : "it"}`,
  probe: () => " so the kubelet can probe it",
  shutdown: (n) => `: its shutdown endpoint needs ${n > 1 ? "them" : "it"}`
};
function addArgs(ctx, c, path, flags, why) {
  const added = ensureArgs(c, flags);
  if (added.length > 0) ctx.report("info", `added ${added.join(" ")} to ${c.name}'s args${NEEDS[why](added.length)}`, `${path}.args`);
}
function readinessArgs(spec, native2) {
  const p = profileAt(spec.profile, spec.version);
  return [...p.readinessArgs ?? [], ...native2 ? p.probeArgs ?? [] : []];
}
function budgetedWait(spec) {
  const argv = spec.waitCommand;
  const flag = budgetFlag(spec);
  if (!argv || !flag) return argv;
  const value = flag.unit === "seconds" ? String(spec.timeoutSeconds) : `${spec.timeoutSeconds}s`;
  return [...withoutBudget(argv, spec), `${flag.flag}=${value}`];
}

// src/sequence/wrap.ts
function setWrappers(ctx, apps, plan, why) {
  const { w, cfg } = ctx;
  if (!plan) {
    for (const app of apps) unwrap(ctx, app);
    return true;
  }
  const argvs = apps.map((app) => argvToWrap(w, cfg, app.c));
  let ok = true;
  argvs.forEach((a, i) => {
    if (!("error" in a)) return;
    ctx.report("error", a.error, apps[i].path, "missing-entrypoint");
    ok = false;
  });
  if (!ok) return false;
  apps.forEach(({ c }, i) => {
    const a = argvs[i];
    const command2 = wrapperCommand({ ...plan, argv: a.argv }, ctx.shell, "shared");
    if (JSON.stringify(c.command) === JSON.stringify(command2)) return;
    const verb = parseWrapper((c.command ?? []).map(String)) ? "updated the wrapper of" : "wrapped";
    c.command = command2;
    const detail = `${why.detail}${a.from ? ` The command comes from ${a.from}.` : ""}`;
    ctx.report("info", { summary: `${verb} ${c.name}'s command: ${why.what}`, detail }, `${pathNow(w, c)}.command`);
  });
  return true;
}
function unwrap(ctx, { c }) {
  const ours = parseWrapper((c.command ?? []).map(String));
  if (!ours) return;
  const entry = configuredEntrypoint(ctx.w, ctx.cfg, c);
  if (entry && "argv" in entry && JSON.stringify(entry.argv) === JSON.stringify(ours.spec.argv)) delete c.command;
  else c.command = ours.spec.argv;
  ctx.report("info", `removed the wrapper from ${c.name}'s command: no sidecar of this pod needs it any more`, `${pathNow(ctx.w, c)}.command`);
}
function wrapForReadiness(ctx, apps, sidecars) {
  const checks = sidecars.flatMap(
    (s) => s.spec.readiness ? [{ name: s.name, ...s.spec.readiness, timeoutSeconds: s.spec.timeoutSeconds, onTimeout: s.spec.onTimeout }] : []
  );
  if (checks.length === 0) return setWrappers(ctx, apps, void 0, { what: "", detail: "" });
  const names = checks.map((k) => k.name).join(", ");
  const ok = setWrappers(
    ctx,
    apps,
    { mode: "exec", checks, shutdown: [], shutdownOn: "always" },
    {
      what: `waits until ${names} ${checks.length > 1 ? "are" : "is"} ready, then runs it`,
      detail: "The wrapper execs the command once the sidecars are ready (strategy wrap)."
    }
  );
  if (ok) {
    for (const s of sidecars) if (s.spec.readiness) giveReadinessArgs(ctx, s);
  }
  return ok;
}
function giveReadinessArgs(ctx, s) {
  const list2 = s.native ? "initContainers" : "containers";
  const i = containerIndex(ctx.w.pod[list2], s.name);
  if (i >= 0) addArgs(ctx, ctx.w.pod[list2][i], podField(ctx.w, list2, i), readinessArgs(s.spec, false), "readiness");
}

// src/pod/token.ts
var envOf2 = (c) => {
  const env = c?.env;
  return Array.isArray(env) ? env : [];
};
function podToken(ctx, profile, version, container) {
  const token = profileAt(profile, version).token;
  if (!token) return void 0;
  const secret = podAnnotations(ctx.w)[token.annotation];
  if (secret !== void 0 && secret !== null && String(secret) !== "") {
    const env = { name: token.env, valueFrom: { secretKeyRef: { name: String(secret), key: token.secretKey } } };
    return { token, env, from: `Secret ${String(secret)}, key ${token.secretKey} (annotation ${token.annotation})` };
  }
  const sidecar = [...ctx.w.pod.initContainers ?? [], ...ctx.w.pod.containers ?? []].find((c) => c.name === container);
  const own = envOf2(sidecar).find((e) => e?.name === token.env && (e.value !== void 0 || e.valueFrom !== void 0));
  return own ? { token, env: structuredClone(own), from: `${container}'s own env ${token.env}` } : void 0;
}
function hasEnv(c, name) {
  return envOf2(c).some((e) => e?.name === name);
}

// src/pod/switch.ts
function shutdownSwitchedOff(w, name, profile, version) {
  const env = profileAt(profile, version).shutdownSwitch?.env;
  const c = (w.pod.containers ?? []).find((x) => x.name === name);
  if (!env || !c) return void 0;
  for (const [key, value] of Object.entries(env)) {
    const set2 = c.env?.find((e) => e?.name === key);
    if (set2 && typeof set2.value === "string" && set2.value !== value)
      return { setting: `${key}=${JSON.stringify(set2.value)}`, on: `${key}: ${JSON.stringify(value)}` };
  }
  return void 0;
}

// src/sequence/job-exit.ts
function manifestJobSidecars(sidecars) {
  return sidecars.filter((s) => !s.native).map(({ name, spec }) => ({
    name,
    profile: spec.profile,
    readiness: spec.readiness,
    timeoutSeconds: spec.timeoutSeconds,
    onTimeout: spec.onTimeout,
    shutdown: spec.shutdown,
    ...spec.version !== void 0 && { version: spec.version }
  }));
}
function meshJobSidecar(m) {
  const timeoutSeconds = profiles[m.profile].timeoutSeconds;
  return { name: m.container, profile: m.profile, readiness: m.readiness, timeoutSeconds, onTimeout: "fail", shutdown: m.shutdown };
}
function endJobSidecars(ctx, apps, sidecars) {
  const { w, cfg } = ctx;
  if (!w.jobLike || !cfg.jobs.terminateSidecars) return false;
  if (apps.some((a) => whereItEndsItsSidecars(a.c, scriptsRun(w, a.c, ctx.facts)) !== void 0)) return false;
  if (sidecars.some((s) => s.shutdown?.http && shutdownSwitchedOff(w, s.name, s.profile, s.version))) return false;
  const checks = sidecars.flatMap(
    (s) => s.readiness ? [{ name: s.name, ...s.readiness, timeoutSeconds: s.timeoutSeconds, onTimeout: s.onTimeout }] : []
  );
  const shutdown = shutdownCalls(ctx, sidecars);
  const kill = signalled(ctx, sidecars);
  if (shutdown.length + kill.length === 0 || apps.length === 0) return false;
  const shutdownOn = w.restartPolicy === "OnFailure" ? "success" : "always";
  const ended = [...shutdown, ...kill].map((s) => s.name).join(", ");
  const waits = checks.length ? `waits for ${checks.map((k) => k.name).join(", ")}, ` : "";
  const when = shutdownOn === "success" ? "after success only (restartPolicy OnFailure reruns a failed container in this pod)" : `after success or failure (restartPolicy ${w.restartPolicy})`;
  const why = {
    what: `ends ${ended} when it exits, so the ${w.kind === "Pod" ? "pod" : w.kind} can complete`,
    detail: `The wrapper ${waits}runs the command, then ends ${ended} ${when}, and exits with its exit code.`
  };
  if (!setWrappers(ctx, apps, { mode: "job", checks, shutdown, shutdownOn, ...kill.length ? { kill } : {} }, why)) return true;
  for (const s of sidecars) prepare(ctx, s);
  giveTokens(ctx, apps, sidecars);
  if (apps.length > 1) {
    ctx.report(
      "warning",
      `${apps.map((a) => a.c.name).join(", ")} each end ${ended} when their own command exits, so the first to finish ends it for the others; native sidecars (kubernetesVersion >= 1.29) avoid this`,
      podField(w, "containers")
    );
  }
  return true;
}
function signalled(ctx, sidecars) {
  const kill = sidecars.flatMap((s) => s.shutdown?.signal && !s.shutdown.http ? [{ name: s.name, process: s.shutdown.signal.process }] : []);
  if (kill.length === 0 || ctx.w.pod.hostPID !== true) return kill;
  ctx.report(
    "error",
    {
      summary: `cannot end ${kill.map((k) => k.name).join(", ")} by signal: the pod sets hostPID: true`,
      detail: "A signal needs shareProcessNamespace, which the API server refuses beside hostPID, and a kill by name in the node's PID namespace would reach other pods' processes. Give the sidecar a shutdown endpoint (sidecars[].shutdown.http) or make it native (kubernetesVersion 1.29 or later)."
    },
    podField(ctx.w, "hostPID")
  );
  return [];
}
var QUIT_ATTEMPTS = 5;
function shutdownCalls(ctx, sidecars) {
  return sidecars.flatMap((s) => {
    if (!s.shutdown?.http) return [];
    const token = podToken(ctx, s.profile, s.version, s.name)?.token;
    const retry = profileAt(s.profile, s.version).shutdownRetry;
    return [
      {
        name: s.name,
        http: s.shutdown.http,
        method: s.shutdown.method ?? "POST",
        ...token && { header: { name: token.header, fromEnv: token.env } },
        ...retry && { attempts: QUIT_ATTEMPTS }
      }
    ];
  });
}
function giveTokens(ctx, apps, sidecars) {
  for (const s of sidecars) {
    const t = s.shutdown?.http ? podToken(ctx, s.profile, s.version, s.name) : void 0;
    if (!t || t.token.toApps) continue;
    for (const { c } of apps) {
      if (hasEnv(c, t.token.env)) continue;
      (c.env ??= []).push(structuredClone(t.env));
      ctx.report(
        "info",
        `added env ${t.token.env} to ${c.name} from ${t.from}: its wrapper sends it as header ${t.token.header} on ${s.name}'s shutdown call, and only ${s.name} is given it`,
        `${pathNow(ctx.w, c)}.env`
      );
    }
  }
}
function prepare(ctx, s) {
  const { w } = ctx;
  const p = profileAt(s.profile, s.version);
  const i = (w.pod.containers ?? []).findIndex((c) => c.name === s.name);
  const path = podField(w, "containers", i);
  if (s.shutdown?.http) {
    const args = p.shutdownSwitch?.args;
    if (i >= 0 && args) addArgs(ctx, w.pod.containers[i], path, args, "shutdown");
    const env = p.shutdownSwitch?.env;
    if (i >= 0 && env) for (const [name, value] of Object.entries(env)) setEnv(ctx, s, i, name, value);
    else for (const [key, value] of Object.entries(p.shutdownSwitch?.annotations ?? {})) annotate(ctx, s, key, value);
  }
  if (s.shutdown?.signal && !s.shutdown.http) {
    if (w.pod.shareProcessNamespace !== true) {
      w.pod.shareProcessNamespace = true;
      ctx.report(
        "info",
        `set shareProcessNamespace: true so the app's wrapper can signal ${s.name}'s ${s.shutdown.signal.process} (shutdown.signal)`,
        podField(w, "shareProcessNamespace")
      );
    }
  }
  if (i >= 0 && s.readiness) addArgs(ctx, w.pod.containers[i], path, p.readinessArgs ?? [], "readiness");
}
function annotate(ctx, s, key, value) {
  const path = `${podMetaField(ctx.w, "annotations")}[${JSON.stringify(key)}]`;
  const current = podAnnotations(ctx.w)[key];
  if (current === void 0 || current === null) {
    (ctx.w.podMeta().annotations ??= {})[key] = value;
    ctx.report("info", `added annotation ${key}: ${JSON.stringify(value)} so ${s.name}'s shutdown endpoint exists`, path);
  } else if (String(current) !== value) {
    ctx.report(
      "warning",
      `left annotation ${key}: ${JSON.stringify(String(current))} as is, so ${s.name}'s shutdown call may fail and the pod not complete; remove it to let pod-sequencer set ${JSON.stringify(value)}`,
      path
    );
  }
}
function setEnv(ctx, s, i, name, value) {
  const c = ctx.w.pod.containers[i];
  const env = c.env ??= [];
  const path = `${podField(ctx.w, "containers", i)}.env`;
  const current = env.find((e) => e?.name === name);
  if (!current) {
    env.push({ name, value });
    ctx.report("info", `added env ${name}=${value} to ${s.name} so its shutdown endpoint exists (a proxy in the manifest reads no pod annotation)`, path);
  } else if (String(current.value) !== value) {
    ctx.report(
      "warning",
      `left env ${name}=${JSON.stringify(current.value ?? null)} on ${s.name} as is, so its shutdown call may fail and the pod not complete; set it to ${value}`,
      path
    );
  }
}

// src/sequence/embedded-config.ts
var import_yaml8 = __toESM(require_dist(), 1);
function mergeField(text2, field, value) {
  if (text2 === void 0 || text2.trim() === "") return { kind: "set", text: `${field}: ${String(value)}
` };
  const doc = parseDocument(text2);
  if (doc.errors[0]) return { kind: "unreadable", why: doc.errors[0].message.split("\n")[0].replace(/:$/, "") };
  if (!(0, import_yaml8.isMap)(doc.contents)) return { kind: "unreadable", why: "it is not a map" };
  const odd = notPlain(doc.contents);
  if (odd) return { kind: "unreadable", why: odd };
  const current = doc.toJS();
  if (Object.hasOwn(current, field)) return deepEqual(current[field], value) ? { kind: "same" } : { kind: "other", current: current[field] };
  const want = { ...current, [field]: value };
  const flow = text2.trimStart().startsWith("{");
  const edited = flow ? insertMember(text2, field, value) : appendLine(text2, field, value);
  if (edited !== void 0 && sameMap(edited, want)) return { kind: "set", text: edited };
  if (flow && isJson(text2)) return { kind: "set", text: JSON.stringify(want) };
  doc.set(field, value);
  quoteForReaders(doc.contents, isNewNode);
  return { kind: "set", text: doc.toString() };
}
function notPlain(map) {
  if (map.tag) return `it is tagged ${map.tag}, not a plain map`;
  if (map.anchor) return "it carries an anchor";
  for (const pair of map.items) {
    const key = pair.key;
    if (!(0, import_yaml8.isScalar)(key) || typeof key.value !== "string" || key.tag || key.value === "<<") return "it has a key that is not a plain string";
  }
  let alias = false;
  (0, import_yaml8.visit)(map, { Alias: () => void (alias = true) });
  return alias ? "it uses an alias" : void 0;
}
function appendLine(text2, field, value) {
  const indent3 = /^([ \t]*)[^\s#]/m.exec(text2)?.[1] ?? "";
  const line = `${indent3}${field}: ${String(value)}`;
  return text2.endsWith("\n") ? `${text2}${line}
` : `${text2}
${line}`;
}
function insertMember(text2, field, value) {
  const close = text2.lastIndexOf("}");
  if (close < 0) return void 0;
  const before = text2.slice(0, close).trimEnd();
  const gap = text2.slice(before.length, close);
  const tight = /:/.test(text2) && !/\s/.test(text2.trim());
  const member = `${isJson(text2) ? JSON.stringify(field) : field}:${tight ? "" : " "}${JSON.stringify(value)}`;
  if (before.endsWith("{")) return `${before}${member}${gap}${text2.slice(close)}`;
  const indent3 = /\n([ \t]*)[^\n]*$/.exec(before)?.[1];
  const sep = gap.includes("\n") && indent3 !== void 0 ? `
${indent3}` : tight ? "" : " ";
  const comma = before.endsWith(",") ? "" : ",";
  return `${before}${comma}${sep}${member}${gap}${text2.slice(close)}`;
}
function isJson(text2) {
  try {
    JSON.parse(text2);
    return true;
  } catch {
    return false;
  }
}
function sameMap(text2, want) {
  try {
    return deepEqual(parse(text2), want);
  } catch {
    return false;
  }
}

// src/sequence/mesh.ts
function nativeWant(ctx, mesh, native2) {
  const version = configuredRelease(ctx.cfg, mesh);
  const rows = tableOf(mesh).nativeKeys ?? [];
  if (native2 === "auto" && version === void 0 && tableOf(mesh).nativeNeedsRelease) return releaseNeeded(ctx, mesh, rows);
  const key = factAt(rows, version)?.value;
  const want = nativeKeyWant(ctx, mesh, native2, key ?? rows[0]?.value);
  if (!want) return void 0;
  if (key === void 0) {
    const first = rows.map((r) => r.since).sort(compareVersions)[0];
    const title = upperFirst(mesh);
    ctx.report(
      "info",
      `wrote no native-sidecar annotation for ${profiles[mesh].containerName}: ${title} ${version} reads none (${rows[0].value} came in ${first}), so it is injected as a classic sidecar`,
      podMetaField(ctx.w, "annotations")
    );
    return void 0;
  }
  const { oldest, newest } = tableOf(mesh).releases;
  const unknown = version === void 0 && rows.length > 1 ? ` (mesh.${mesh}.version is not set: the key every release from ${oldest} to ${newest} reads)` : "";
  return { ...want, because: `${want.because ?? ""}${unknown}` };
}
function releaseNeeded(ctx, mesh, rows) {
  const minor = minorVersion(ctx.cfg);
  if (minor === void 0 || minor < NATIVE_SIDECARS_SINCE || rows.length === 0) return void 0;
  const since = rows.map((r) => r.since).sort(compareVersions)[0];
  noteOnce(ctx, `mesh.${mesh}.version`, {
    summary: `mesh.${mesh}.version not set: ${profiles[mesh].containerName} is asked for no native sidecar`,
    detail: `${tableOf(mesh).description} reads ${rows[0].value} from ${since} on; an older injector ignores it and adds a classic sidecar, which Job wrappers end. Set mesh.${mesh}.version to ${since} or later (or mesh.${mesh}.native: true) for native sidecars.`
  });
  return void 0;
}
function nativeKeyWant(ctx, mesh, native2, key) {
  if (!key) return void 0;
  const container = profiles[mesh].containerName;
  if (native2 === true || native2 === false) {
    const as = native2 ? "a native" : "a classic";
    return { key, value: String(native2), why: `so ${container} is injected as ${as} sidecar`, because: `mesh.${mesh}.native is ${native2}` };
  }
  const minor = minorVersion(ctx.cfg);
  if (minor === void 0 || minor < NATIVE_SIDECARS_SINCE) return void 0;
  if (versionAssumed(ctx.cfg) && mesh === "istio" && mergeField(podAnnotations(ctx.w)[ANNOTATION.istioConfig], ANNOTATION.istioHold, true).kind === "same")
    return void 0;
  return {
    key,
    value: "true",
    why: `so ${container} is injected as a native sidecar`,
    because: `${kubernetesText(ctx.cfg)} runs native sidecars`,
    ...versionAssumed(ctx.cfg) && { assumed: true }
  };
}
function* native(ctx, mesh, setting) {
  const had = nativeAsked(mesh, podAnnotations(ctx.w));
  yield nativeWant(ctx, mesh, setting);
  if (!had && nativeAsked(mesh, podAnnotations(ctx.w))) unprobedNative(ctx, mesh);
}
function* wants(ctx, { mesh, settings }) {
  const { cfg, w } = ctx;
  const container = profiles[mesh].containerName;
  const hold = `so the app starts only once ${container} is ready`;
  const now = () => podAnnotations(w);
  const endsJob = () => w.jobLike && cfg.jobs.terminateSidecars && !nativeAsked(mesh, now());
  switch (mesh) {
    case "istio": {
      const m = settings;
      yield* native(ctx, mesh, m.native);
      if (m.hold && !nativeDecides(ctx, mesh)) yield { key: ANNOTATION.istioConfig, field: ANNOTATION.istioHold, value: "true", why: hold, holds: true };
      break;
    }
    case "linkerd": {
      const m = settings;
      yield* native(ctx, mesh, m.native);
      if (m.await) yield { key: ANNOTATION.linkerdAwait, value: "enabled", why: hold, holds: true };
      if (m.shutdown && endsJob()) yield shutdownSwitch(mesh, m.version, ANNOTATION.linkerdShutdown, "(the endpoint is off by default since Linkerd 2.16)");
      break;
    }
    case "kuma":
      if (settings.waitReady) yield { key: ANNOTATION.kumaWait, value: "true", why: hold, holds: true };
      break;
    case "dapr":
      if (settings.native) yield* native(ctx, mesh, true);
      break;
    case "vault": {
      const m = settings;
      if (!w.jobLike) break;
      if (m.prePopulateOnly) {
        yield { key: ANNOTATION.vaultPrePopulate, value: "true", why: `so the pod gets only the agent's init container and no ${container} sidecar to end` };
      }
      if (m.quit && endsJob() && !isTrue2(now()[ANNOTATION.vaultPrePopulate])) {
        yield { key: ANNOTATION.vaultQuit, value: "true", why: `so a Job wrapper can shut ${container} down when the work ends (POST /agent/v1/quit)` };
      }
      break;
    }
    case "consul": {
      const m = settings;
      yield* native(ctx, mesh, m.native);
      if (m.shutdown && endsJob()) yield shutdownSwitch(mesh, m.version, ANNOTATION.consulLifecycle, "(POST /graceful_shutdown)");
      break;
    }
  }
}
function shutdownSwitch(mesh, version, key, note) {
  const value = profileAt(mesh, version).shutdownSwitch?.annotations?.[key];
  const container = profiles[mesh].containerName;
  return value ? { key, value, why: `so a Job wrapper can shut ${container} down when the work ends ${note}` } : void 0;
}
function unprobedNative(ctx, mesh) {
  if (!factAt(tableOf(mesh).nativeUnprobed, configuredRelease(ctx.cfg, mesh))) return;
  const container = profiles[mesh].containerName;
  const ready = profiles[mesh].readiness?.http;
  const job2 = ctx.w.jobLike && ctx.cfg.jobs.terminateSidecars;
  ctx.report(
    job2 ? "warning" : "info",
    {
      summary: `native ${container} holds nothing: the app may start before ${container} is ready`,
      detail: `${tableOf(mesh).description} is injected native without a startupProbe, so the kubelet starts the app once ${container} has started.` + (ready ? ` Have the app wait for ${ready} (its SDK's wait for the sidecar).` : "") + (job2 ? ` As a classic sidecar, the Job wrapper would wait for it and then end it.` : ""),
      ...job2 && { fix: `mesh.${mesh}.native: false` }
    },
    annotationPath(ctx, nativeKeyIn(mesh, podAnnotations(ctx.w)) ?? NATIVE_KEYS[mesh][0])
  );
}
function applyMesh(ctx) {
  for (const active of meshesOf(ctx)) {
    const { mesh, reason } = active;
    const because = `${profiles[mesh].containerName} is injected here: ${reason}.`;
    for (const want of wants(ctx, active)) if (want) apply(ctx, mesh, want, because);
  }
}
function apply(ctx, mesh, want, because) {
  const current = podAnnotations(ctx.w)[want.key];
  const path = annotationPath(ctx, want.key);
  if (want.field) {
    const merged = mergeField(current === void 0 ? void 0 : String(current), want.field, want.value === "true");
    if (merged.kind === "set") {
      set(ctx, want.key, merged.text);
      const what = `${want.field}: ${want.value}`;
      const how = current === void 0 ? `added annotation ${want.key} with ${what}` : `added ${what} to annotation ${want.key}`;
      ctx.report("info", change(how, want, current === void 0 ? because : `Its other settings are kept. ${because}`), path);
    } else if (merged.kind === "unreadable") {
      ctx.report(
        "warning",
        `left annotation ${want.key} as is: it is not a YAML or JSON map (${merged.why}), so ${want.field}: ${want.value} could not be merged into it`,
        path
      );
    } else if (merged.kind === "other") {
      contrary(ctx, mesh, want, `${want.key} ${want.field}: ${JSON.stringify(merged.current)}`, path);
    }
    return;
  }
  if (current === void 0 || current === null) {
    set(ctx, want.key, want.value);
    if (want.assumed) restsOnAssumedVersion(ctx);
    ctx.report("info", change(`added annotation ${want.key}: ${JSON.stringify(want.value)}`, want, because), path);
  } else if (String(current).toLowerCase() !== want.value) {
    contrary(ctx, mesh, want, `${want.key}: ${JSON.stringify(String(current))}`, path);
  }
}
function change(how, want, injected) {
  const fits = how.length + want.why.length < SUMMARY_LENGTH;
  const why = [fits ? void 0 : want.why, want.because].filter(Boolean).join(": ");
  const detail = [why && `${sentence(why)}.`, injected].filter(Boolean).join(" ");
  return { summary: fits ? `${how} ${want.why}` : how, detail };
}
function sentence(clause) {
  return /^[a-z]+[.[]/.test(clause) ? clause : upperFirst(clause);
}
function contrary(ctx, mesh, want, what, path) {
  const needs = tableOf(mesh).nativeProbeNeeds?.map((r) => switchKeyOf(mesh, r.value)) ?? [];
  if (!want.holds || nativeAsked(mesh, podAnnotations(ctx.w)) && !needs.includes(want.key)) return;
  const container = profiles[mesh].containerName;
  ctx.report(
    "warning",
    {
      summary: `left ${what} as is, so the app may start before ${container} is ready`,
      detail: `A per-pod setting wins over mesh.${mesh}. Remove it to let pod-sequencer set ${want.field ?? want.key} to ${want.value}.`
    },
    path
  );
}
function set(ctx, key, value) {
  (ctx.w.podMeta().annotations ??= {})[key] = value;
}
function annotationPath(ctx, key) {
  return `${podMetaField(ctx.w, "annotations")}[${JSON.stringify(key)}]`;
}
function switchKeyOf(mesh, name) {
  return tableOf(mesh).switches?.find((r) => r.value.name === name)?.value.key;
}

// src/sequence/post-start.ts
function addPostStartWaits(ctx, sidecars) {
  for (const s of sidecars) {
    const i = containerIndex(ctx.w.pod.containers, s.name);
    const c = ctx.w.pod.containers[i];
    addWait(ctx, s, c, podField(ctx.w, "containers", i));
  }
}
function addWait(ctx, s, c, path) {
  const { spec } = s;
  if (!spec.waitCommand && !spec.readiness) return;
  const existing = c.lifecycle?.postStart;
  const userHook = userCommand(existing, spec);
  if (userHook === null) {
    ctx.report(
      "warning",
      {
        summary: `sidecar ${s.name} already has a non-exec postStart hook: kept, and no wait was added`,
        detail: "Rewrite it as an exec hook to chain it after the wait."
      },
      `${path}.lifecycle.postStart`
    );
    return;
  }
  const command2 = hookCommand(ctx, s, userHook);
  addArgs(ctx, c, path, readinessArgs(spec, false), "readiness");
  if (JSON.stringify(existing?.exec?.command) === JSON.stringify(command2)) return;
  if (spec.waitCommand && JSON.stringify(existing?.exec?.command) === JSON.stringify(spec.waitCommand)) return;
  c.lifecycle = { ...c.lifecycle ?? {}, postStart: { exec: { command: command2 } } };
  const wait2 = budgetedWait(spec);
  const how = wait2 ? `\`${wait2.join(" ")}\`` : `a loop on ${describeCheck(spec.readiness)}${noWaitCommand(spec)}`;
  ctx.report(
    "info",
    {
      summary: `${existing && userHook === void 0 ? "updated the postStart hook of" : "added a postStart hook to"} ${s.name}, so later containers wait until it is ready`,
      detail: `The hook waits with ${how}.${userHook ? " Your own postStart command runs after the wait." : ""}`
    },
    `${path}.lifecycle.postStart`
  );
}
function noWaitCommand(spec) {
  const usual = profiles[spec.profile].waitCommand;
  if (spec.waitCommand || !usual || spec.version === void 0) return "";
  return `; ${spec.profile} ${spec.version} has no \`${usual.join(" ")}\` (its image tag says so)`;
}
function hookCommand(ctx, s, userHook) {
  const { spec } = s;
  const check = { name: s.name, ...spec.readiness, timeoutSeconds: spec.timeoutSeconds, onTimeout: spec.onTimeout };
  const wait2 = budgetedWait(spec);
  if (wait2) return userHook ? chain(wait2, userHook, ctx.shell) : wait2;
  return postStartWait(check, ctx.shell, userHook);
}
function userCommand(hook, spec) {
  if (!hook) return void 0;
  const cmd = hook.exec?.command;
  if (!cmd) return null;
  if (isWaitCommand(cmd, spec)) return void 0;
  const ours = parseHook(cmd);
  if (ours) return ours.then;
  return cmd;
}

// src/pod/kubelet-bugs.ts
var PROBE_WORKER_BUG = { from: 29, to: 34, issue: "kubernetes/kubernetes#132826" };
function startupProbeMayHang(cfg, w) {
  const minor = minorVersion(cfg);
  if (versionAssumed(cfg) || minor === void 0 || minor < PROBE_WORKER_BUG.from || minor > PROBE_WORKER_BUG.to) return false;
  return w.restartPolicy === "Never" && podDeadline(w) === void 0;
}

// src/sequence/native.ts
function makeNative(ctx, sidecars) {
  for (const s of sidecars) {
    const wasNative = s.native;
    const c = wasNative ? ctx.w.pod.initContainers.find((x) => x.name === s.name) : promote(ctx, s);
    if (wasNative && (alreadyGated(c) || refuses(ctx.w.site, "initProbes"))) continue;
    const i = ctx.w.pod.initContainers.indexOf(c);
    const path = podField(ctx.w, "initContainers", i);
    if (!wasNative) dropCarriedProbe(ctx, s, c, path);
    gate(ctx, s, c, path);
  }
}
function promote(ctx, s) {
  const pod = ctx.w.pod;
  const c = pod.containers.find((x) => x.name === s.name);
  pod.containers = pod.containers.filter((x) => x !== c);
  const init = setupFirst(ctx, pod.initContainers ?? []);
  const at = insertionIndex2(init, SETUP_CONTAINERS);
  const native2 = { ...c, restartPolicy: "Always" };
  pod.initContainers = [...init.slice(0, at), native2, ...init.slice(at)];
  s.native = true;
  if (s.spec.strategy === "auto") restsOnAssumedVersion(ctx);
  const byVersion = ctx.cfg.kubernetesVersion !== void 0 && (s.spec.strategy === "auto" || !versionAssumed(ctx.cfg));
  const why = byVersion ? `${kubernetesText(ctx.cfg)} runs native sidecars` : "strategy native";
  ctx.report(
    "info",
    { summary: `made ${s.name} a native sidecar (initContainers, restartPolicy: Always)`, detail: `${upperFirst(why)}.` },
    podField(ctx.w, "initContainers", at)
  );
  return native2;
}
var SETUP_CONTAINERS = Object.values(profiles).flatMap((p) => p.initAfter);
function setupFirst(ctx, init) {
  const isFront = (c) => c.name === TOOLS_CONTAINER || isNativeSidecar(c) || SETUP_CONTAINERS.some((g) => matchGlob(g, c.name));
  const front = init.filter(isFront);
  const moved = front.filter((c, i) => init.indexOf(c) !== i);
  if (moved.length === 0) return init;
  ctx.report(
    "info",
    `moved init container${moved.length > 1 ? "s" : ""} ${moved.map((c) => c.name).join(", ")} before the pod's own: with a native sidecar, the mesh's setup and the sidecar run first, as the vendor's native layout has them`,
    podField(ctx.w, "initContainers")
  );
  return [...front, ...init.filter((c) => !isFront(c))];
}
function insertionIndex2(init, after) {
  let at = 0;
  init.forEach((c, i) => {
    if (c.name === TOOLS_CONTAINER || isNativeSidecar(c) || after.some((g) => matchGlob(g, c.name))) at = i + 1;
  });
  return at;
}
function alreadyGated(c) {
  return c.startupProbe !== void 0 || c.lifecycle?.postStart !== void 0;
}
function dropCarriedProbe(ctx, s, c, path) {
  if (!c.startupProbe || !s.spec.readiness || !startupProbeMayHang(ctx.cfg, ctx.w)) return;
  const hook = c.lifecycle?.postStart;
  if (!budgetedWait(s.spec) || hook && !isWaitCommand(hook.exec?.command?.map(String) ?? [], s.spec)) return;
  delete c.startupProbe;
  ctx.report(
    "info",
    {
      summary: `removed ${s.name}'s startupProbe: a native sidecar's startupProbe may leave this restartPolicy: Never pod in Init`,
      detail: `As a classic container its probe held nothing; native, it holds the pod, and on Kubernetes ${ctx.cfg.kubernetesVersion} the kubelet may stop probing a sidecar that exits early (${PROBE_WORKER_BUG.issue}). Its wait command holds the pod instead.`
    },
    `${path}.startupProbe`
  );
}
function gate(ctx, s, c, path) {
  const { spec } = s;
  const blocked = probeBlocked(spec, c);
  if (!c.startupProbe && spec.readiness && !blocked && startupProbeMayHang(ctx.cfg, ctx.w) && hookGate(ctx, s, c, path)) {
    addArgs(ctx, c, path, readinessArgs(spec, false), "readiness");
    return;
  }
  if (!c.startupProbe && spec.readiness && !blocked) {
    c.startupProbe = startupProbe(spec.readiness, spec.timeoutSeconds);
    ctx.report(
      "info",
      {
        summary: `added a startupProbe to ${s.name}, so the pod's next containers wait until it is ready`,
        detail: `It checks ${describeCheck(spec.readiness)}, up to ${spec.timeoutSeconds}s.`
      },
      `${path}.startupProbe`
    );
  }
  if (spec.readiness || c.startupProbe) dropWaitHook(ctx, s, c, path);
  addArgs(ctx, c, path, readinessArgs(spec, !blocked), blocked ? "readiness" : "probe");
}
function hookGate(ctx, s, c, path) {
  const wait2 = budgetedWait(s.spec);
  const existing = c.lifecycle?.postStart?.exec?.command;
  if (!wait2) return false;
  if (existing && isWaitCommand(existing.map(String), s.spec)) return true;
  if (c.lifecycle?.postStart) return false;
  c.lifecycle = { ...c.lifecycle ?? {}, postStart: { exec: { command: wait2 } } };
  ctx.report(
    "info",
    {
      summary: `added a postStart hook to ${s.name}, so the pod's next containers wait until it is ready`,
      detail: `The hook runs \`${wait2.join(" ")}\`. A startupProbe would do the same, but in a restartPolicy: Never pod on Kubernetes ${ctx.cfg.kubernetesVersion} the kubelet may stop probing a sidecar that exits early, and the pod would stay in Init (${PROBE_WORKER_BUG.issue}).`
    },
    `${path}.lifecycle.postStart`
  );
  return true;
}
function dropWaitHook(ctx, s, c, path) {
  const hook = c.lifecycle?.postStart;
  if (!hook?.exec?.command) return;
  const user = userCommand(hook, s.spec);
  if (user && user === hook.exec.command) return;
  const lifecycle = { ...c.lifecycle };
  if (user) lifecycle.postStart = { exec: { command: user } };
  else delete lifecycle.postStart;
  if (Object.keys(lifecycle).length > 0) c.lifecycle = lifecycle;
  else delete c.lifecycle;
  ctx.report("info", `removed the postStart wait hook from ${s.name}: its startupProbe now holds the app`, `${path}.lifecycle.postStart`);
}

// src/pod/env-source.ts
var RANK2 = { no: 0, unknown: 1, yes: 2 };
function unsetNameField(w) {
  const field = w.site.firstContainer?.nameField;
  if (!field) return void 0;
  const path = field.split(".");
  const holder = getPath(w.obj, path.slice(0, -1));
  const key = path[path.length - 1];
  if (!holder) return void 0;
  return isUnsetName(holder[key]) ? { field, holder, key } : void 0;
}
function sidecarRead(ctx) {
  const { w } = ctx;
  const containers = w.pod.containers ?? [];
  const c0 = containers[0];
  if (!c0) return void 0;
  const source = envSources(ctx).find((x) => x.reads.length > 0);
  if (!source) return void 0;
  const sidecars = findSidecars(w, ctx.cfg, ctx.facts).filter((s) => !s.native);
  if (!sidecars.some((s) => s.name === c0.name)) return void 0;
  const { reads: reads2 } = source;
  const apps = containers.filter((c) => !sidecars.some((s) => s.name === c.name));
  const of = (c, variable) => givesVariable(c, variable);
  const anyApp = (variable, g) => apps.some((a) => of(a, variable) === g);
  const missed = reads2.filter((r) => of(c0, r.variable) === "no" && anyApp(r.variable, "yes"));
  const unsure = reads2.filter(
    (r) => !missed.includes(r) && (of(c0, r.variable) === "unknown" && anyApp(r.variable, "yes") || of(c0, r.variable) === "no" && anyApp(r.variable, "unknown"))
  );
  if (missed.length === 0 && unsure.length === 0) return void 0;
  const app = apps.find((a) => missed.some((r) => of(a, r.variable) === "yes") && reads2.every((r) => RANK2[of(a, r.variable)] >= RANK2[of(c0, r.variable)]));
  const candidate = app ?? (missed.length > 0 ? apps.find((a) => missed.some((r) => of(a, r.variable) === "yes")) : apps.find((a) => unsure.some((r) => of(a, r.variable) === "yes")) ?? apps.find((a) => unsure.some((r) => of(a, r.variable) !== "no")));
  const byName = new Map(containers.map((c) => [c.name, c]));
  return {
    field: source.field,
    reader: source.reader,
    what: source.what,
    elsewhere: source.elsewhere,
    sidecar: c0.name,
    reads: reads2,
    missed,
    unsure,
    ...app ? { app: app.name } : {},
    candidate: candidate.name,
    gives: (container, variable) => {
      const c = byName.get(container);
      return c ? of(c, variable) : "no";
    }
  };
}
function envSources(ctx) {
  const { w } = ctx;
  const out = [];
  const first = w.site.firstContainer;
  const unset = unsetNameField(w);
  if (first?.envNames && unset) out.push({ reader: w.kind, what: first.what, field: unset.field, elsewhere: false, reads: envReads(w.obj, first.envNames) });
  for (const { row, obj } of ctx.facts.envReaders?.all() ?? []) {
    if (!pointsAt(obj, row, w) || !isUnsetName(getValue(obj, row.nameField))) continue;
    const name = obj.metadata?.name;
    out.push({ reader: `${row.kind} ${String(name ?? "")}`, what: row.what, field: row.nameField, elsewhere: true, reads: envReads(obj, row.envNames) });
  }
  return out;
}
function pointsAt(obj, row, w) {
  if (w.templatePath.length === 0) return false;
  const ref = getValue(obj, row.target);
  if (!isObject3(ref) || ref.name !== w.ref.name) return false;
  const apiVersion2 = typeof ref.apiVersion === "string" && ref.apiVersion !== "" ? ref.apiVersion : row.defaultTarget.apiVersion;
  const kind2 = typeof ref.kind === "string" && ref.kind !== "" ? ref.kind : row.defaultTarget.kind;
  if (apiVersion2 !== w.ref.apiVersion || kind2 !== w.ref.kind) return false;
  const ns = obj.metadata?.namespace;
  return ns === void 0 || w.ref.namespace === void 0 || ns === w.ref.namespace;
}
var getValue = (obj, dotted2) => fieldAt(obj, dotted2.split("."));
var isUnsetName = (v) => v === void 0 || v === null || v === "";
function envReads(obj, names) {
  const out = [];
  for (const path of expand(obj, parsePattern(names.at))) {
    const map = getPath(obj, path);
    for (const key in map) {
      const variable = map[key];
      if (key.length <= names.keySuffix.length || !key.endsWith(names.keySuffix)) continue;
      if (typeof variable !== "string" || variable === "" || out.some((r) => r.variable === variable)) continue;
      out.push({ variable, key, at: formatPath([...path, key]) });
    }
  }
  return out;
}
function givesVariable(c, variable) {
  const env = Array.isArray(c.env) ? c.env : [];
  for (let i = env.length - 1; i >= 0; i--) {
    const e = env[i];
    if (!isObject3(e) || e.name !== variable) continue;
    if (typeof e.value === "string" && e.value !== "") return "yes";
    if (isObject3(e.valueFrom)) {
      if (isObject3(e.valueFrom.secretKeyRef) || isObject3(e.valueFrom.configMapKeyRef)) return "yes";
      continue;
    }
    return "no";
  }
  const from = Array.isArray(c.envFrom) ? c.envFrom : [];
  return from.some((s) => isObject3(s) && (isObject3(s.configMapRef) || isObject3(s.secretRef))) ? "unknown" : "no";
}

// src/sequence/order.ts
function moveSidecarsFirst(ctx, sidecars, all) {
  if (sidecars.length === 0) return;
  const pod = ctx.w.pod;
  const wasFirst = pod.containers?.[0];
  const appWasFirst = wasFirst !== void 0 && !all.some((s) => s.name === wasFirst.name);
  let at = 0;
  for (const s of sidecars.filter((x) => x.native)) if (demoteNative(ctx, s, at)) at++;
  const names = new Set(sidecars.map((s) => s.name));
  const containers = pod.containers ?? [];
  const front = containers.filter((c) => names.has(c.name));
  const rest = containers.filter((c) => !names.has(c.name));
  const reordered = [...front, ...rest];
  const same2 = reordered.every((c, i) => c === containers[i]);
  if (!same2) pod.containers = reordered;
  if (appWasFirst && pod.containers[0] !== wasFirst) nameTheApp(ctx, wasFirst.name);
  if (same2) return;
  const moved = front.filter((c, i) => containers[i] !== c).map((c) => c.name);
  ctx.report(
    "info",
    `moved sidecar${moved.length > 1 ? "s" : ""} ${moved.join(", ")} before the app containers: the kubelet starts containers in list order`,
    podField(ctx.w, "containers")
  );
}
function demoteNative(ctx, s, at) {
  const pod = ctx.w.pod;
  const init = pod.initContainers ?? [];
  const c = init.find((x) => x.name === s.name);
  if (!c) return false;
  pod.initContainers = init.filter((x) => x !== c);
  if (pod.initContainers.length === 0) delete pod.initContainers;
  delete c.restartPolicy;
  const ours = s.spec.readiness && startupProbe(s.spec.readiness, s.spec.timeoutSeconds);
  if (ours && JSON.stringify(c.startupProbe) === JSON.stringify(ours)) delete c.startupProbe;
  const containers = pod.containers ?? [];
  pod.containers = [...containers.slice(0, at), c, ...containers.slice(at)];
  s.native = false;
  ctx.report(
    "info",
    `moved native sidecar ${s.name} back to containers: strategy ${s.spec.strategy} does not use native sidecars` + (ctx.cfg.kubernetesVersion && !versionAssumed(ctx.cfg) ? ` on Kubernetes ${ctx.cfg.kubernetesVersion}` : ""),
    podField(ctx.w, "initContainers")
  );
  return true;
}
function nameTheApp(ctx, app, why) {
  const unset = unsetNameField(ctx.w);
  if (!unset) return;
  const { field, holder, key } = unset;
  holder[key] = app;
  ctx.report(
    "info",
    why?.(field) ?? {
      summary: `set ${field}: ${app}, since a sidecar is first now`,
      detail: `Without it ${ctx.w.kind} reads the first container: ${ctx.w.site.firstContainer.what}.`
    },
    field
  );
}
function nameReadApp(ctx) {
  if (!ctx.w.site.firstContainer?.envNames) return;
  const read2 = sidecarRead(ctx);
  if (!read2?.app || read2.elsewhere) return;
  const names = read2.missed.map((r) => r.variable);
  const list2 = names.length > 2 ? `${names[0]} and ${names.length - 1} more` : names.join(" and ");
  nameTheApp(ctx, read2.app, (field) => ({
    summary: `set ${field}: ${read2.app}, since sidecar ${read2.sidecar} (containers[0]) lacks ${list2}`,
    detail: `Without it ${ctx.w.kind} reads the first container: ${read2.what}. ${read2.sidecar} defines no ${read2.missed.map((r) => `${r.variable} (${r.at})`).join(", ")}; ${read2.app} does.`
  }));
}

// src/sequence/istio-status.ts
var STATUS = "sidecar.istio.io/status";
function syncIstioStatus(ctx) {
  const raw = podAnnotations(ctx.w)[STATUS];
  if (typeof raw !== "string") return;
  let status;
  try {
    status = JSON.parse(raw);
  } catch {
    return;
  }
  if (typeof status !== "object" || status === null || Array.isArray(status)) return;
  const names = (v) => Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  const injected = /* @__PURE__ */ new Set([...names(status.initContainers), ...names(status.containers)]);
  const where = (list2) => (list2 ?? []).map((c) => c.name).filter((n) => injected.has(n));
  const [init, containers] = [where(ctx.w.pod.initContainers), where(ctx.w.pod.containers)];
  const same2 = (a, v) => JSON.stringify(a) === JSON.stringify(names(v));
  if (same2(init, status.initContainers) && same2(containers, status.containers)) return;
  status.initContainers = init.length ? init : null;
  status.containers = containers.length ? containers : null;
  (ctx.w.podMeta().annotations ??= {})[STATUS] = JSON.stringify(status);
  ctx.report(
    "info",
    {
      summary: `updated annotation ${STATUS} to the new layout, so Istio's tools read what the pod has`,
      detail: `initContainers ${JSON.stringify(init)}, containers ${JSON.stringify(containers)}.`
    },
    `${podMetaField(ctx.w, "annotations")}[${JSON.stringify(STATUS)}]`
  );
}

// src/pod/stop.ts
var import_yaml9 = __toESM(require_dist(), 1);
var DEFAULT_GRACE_SECONDS = 30;
var EXIT_MARGIN_SECONDS = 5;
var ISTIO_DEFAULT_DRAIN_SECONDS = 5;
var DRAIN = {
  /** A field of `proxy.istio.io/config` (istio/istio@1.28.0:pkg/envoy/agent.go drains this long after SIGTERM). */
  istioField: "terminationDrainDuration",
  /** Linkerd renders it as a `preStop: /bin/sleep N` on linkerd-proxy (linkerd/linkerd2@version-2.20:charts/partials/templates/_proxy.tpl). */
  linkerdKey: "config.alpha.linkerd.io/proxy-wait-before-exit-seconds"
};
function gracePeriod(w) {
  const g = Number(w.pod.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS);
  return Number.isFinite(g) && g >= 0 ? g : DEFAULT_GRACE_SECONDS;
}
function preStopSleep(c) {
  const hook = c.lifecycle?.preStop;
  const action = hook?.sleep;
  if (action && Number.isFinite(Number(action.seconds))) return { seconds: Number(action.seconds), field: "lifecycle.preStop.sleep.seconds" };
  const argv = preStopArgv(c);
  const delay = argv && leadingSleep(argv);
  return delay ? { seconds: delay.seconds, field: delay.at.field } : void 0;
}
function preStopArgv(c) {
  return hookArgvs(c).find((argv) => argv[0]?.field.startsWith("lifecycle.preStop."));
}
var ENDS = /\/quitquitquit\b|\/shutdown\b|\/agent\/v1\/quit\b|\/drain_listeners\b|--shutdown\b|(?:^|[\s;&|(`/])(?:p?kill(?:all)?)\s/;
function preStopEnds(c) {
  const hook = c.lifecycle?.preStop;
  const path = hook?.httpGet?.path;
  if (typeof path === "string" && ENDS.test(path)) return { what: `GET ${path}`, field: "lifecycle.preStop.httpGet.path" };
  const argv = preStopArgv(c);
  if (!argv) return void 0;
  const hit = argv.find((w) => ENDS.test(` ${w.text}`));
  return hit ? { what: showArgv(argv), field: hit.field } : void 0;
}
function preStopEndsASidecar(c) {
  const cmd = c.lifecycle?.preStop?.exec?.command;
  return Array.isArray(cmd) && endsItsSidecars({ name: c.name, command: cmd.map(String) });
}
function appNeed(ctx) {
  if (!(ctx.w.pod.containers ?? []).some((c) => c.lifecycle?.preStop)) return void 0;
  const grace = gracePeriod(ctx.w);
  const apps = appContainers(ctx.w, ctx.cfg);
  if (apps.some(({ c }) => preStopEndsASidecar(c))) return void 0;
  let best;
  for (const { c } of apps) {
    if (!c.lifecycle?.preStop) continue;
    const sleep = preStopSleep(c);
    const need = sleep ? { seconds: Math.min(sleep.seconds + 1, grace - 1), why: `app container ${c.name}'s preStop sleeps ${sleep.seconds}s before it gets SIGTERM and drains` } : { seconds: grace - EXIT_MARGIN_SECONDS, why: `app container ${c.name} has a preStop hook and may drain until the ${grace}s grace period ends` };
    if (need.seconds > 0 && (!best || need.seconds > best.seconds)) best = need;
  }
  return best;
}
function stayTarget(ctx, need) {
  const grace = gracePeriod(ctx.w);
  return Math.min(Math.max(grace - EXIT_MARGIN_SECONDS, need.seconds), grace - 1);
}
function classicStays(ctx) {
  if (ctx.w.jobLike) return [];
  const containers = ctx.w.pod.containers ?? [];
  const out = [];
  for (const s of findSidecars(ctx.w, ctx.cfg, ctx.facts)) {
    if (s.native) continue;
    const index = containers.findIndex((c2) => c2.name === s.name);
    const c = containers[index];
    const sleep = preStopSleep(c)?.seconds ?? 0;
    const drain = s.spec.profile === "istio" ? istioDrain(ctx) : void 0;
    const seconds2 = sleep + (drain?.seconds ?? 0);
    const why = [sleep > 0 ? `its preStop sleeps ${sleep}s` : "no preStop hook", ...drain ? [drain.why] : []].join(", then ");
    out.push({ name: s.name, from: "manifest", seconds: seconds2, why, fieldPath: podField(ctx.w, "containers", index), c, profile: s.spec.profile });
  }
  for (const m of meshedSidecars(ctx)) {
    if (m.native) continue;
    const stay = meshStay(ctx, m.profile);
    const key = m.profile === "istio" ? ANNOTATION.istioConfig : DRAIN.linkerdKey;
    if (stay) out.push({ name: m.container, from: m.profile, ...stay, fieldPath: annotationPath2(ctx.w, key) });
  }
  return out;
}
function meshStay(ctx, mesh) {
  if (mesh === "istio") return istioDrain(ctx);
  if (mesh !== "linkerd") return void 0;
  const raw = podAnnotations(ctx.w)[DRAIN.linkerdKey];
  const n = Number(raw);
  if (raw === void 0 || !Number.isInteger(n) || n < 0) return { seconds: 0, why: `Linkerd's proxy exits on SIGTERM, and ${DRAIN.linkerdKey} is not set` };
  return { seconds: n, why: `${DRAIN.linkerdKey}: "${String(raw)}"` };
}
function istioDrain(ctx) {
  const value = istioConfig(ctx)[DRAIN.istioField];
  const seconds2 = value === void 0 ? void 0 : durationSeconds(value);
  if (seconds2 === void 0)
    return { seconds: ISTIO_DEFAULT_DRAIN_SECONDS, why: `Istio's default ${DRAIN.istioField} of ${ISTIO_DEFAULT_DRAIN_SECONDS}s after SIGTERM` };
  return { seconds: seconds2, why: `${DRAIN.istioField}: ${String(value)} in ${ANNOTATION.istioConfig}` };
}
function istioConfig(ctx) {
  const raw = podAnnotations(ctx.w)[ANNOTATION.istioConfig];
  if (raw === void 0 || raw === null) return {};
  try {
    const v = (0, import_yaml9.parse)(String(raw));
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}
function durationSeconds(v) {
  const m = /^(\d+(?:\.\d+)?)s$/.exec(String(v).trim());
  return m ? Number(m[1]) : void 0;
}
function annotationPath2(w, key) {
  return `${podMetaField(w, "annotations")}[${JSON.stringify(key)}]`;
}
function sidecarsStoppingEarly(ctx) {
  const need = appNeed(ctx);
  if (!need) return void 0;
  const early = classicStays(ctx).filter((s) => s.seconds < need.seconds);
  return early.length > 0 ? { need, early } : void 0;
}

// src/sequence/stop-order.ts
var SLEEP_ACTION_SINCE = 30;
function keepSidecarsForDrain(ctx, demoted) {
  const all = ctx.cfg.stopOrder.sidecarsLast;
  if (!all && demoted.length === 0) return;
  const found = sidecarsStoppingEarly(ctx);
  if (!found) return;
  const seconds2 = stayTarget(ctx, found.need);
  const names = new Set(demoted.map((s) => s.name));
  const why = (s) => `${upperFirst(found.need.why)}.` + (names.has(s.name) ? " Native, it stopped after the app; made classic here, it keeps that order this way." : "");
  for (const s of found.early.filter((x) => all || names.has(x.name))) {
    if (s.from === "istio" || s.profile === "istio") istioDrain2(ctx, s, seconds2, why(s));
    else if (s.from === "linkerd") linkerdWait(ctx, s, seconds2, why(s));
    else if (s.from === "manifest") preStopSleep2(ctx, s, seconds2, why(s));
  }
}
function istioDrain2(ctx, s, seconds2, why) {
  const current = podAnnotations(ctx.w)[ANNOTATION.istioConfig];
  const merged = mergeField(current === void 0 ? void 0 : String(current), DRAIN.istioField, `${seconds2}s`);
  if (merged.kind !== "set") return;
  setAnnotation(ctx, ANNOTATION.istioConfig, merged.text);
  const what = `${DRAIN.istioField}: ${seconds2}s`;
  ctx.report(
    "info",
    {
      summary: `added ${what} to annotation ${ANNOTATION.istioConfig}: ${s.name} stays up while the app drains`,
      detail: current === void 0 ? why : `${why} The annotation's other settings are kept.`
    },
    s.fieldPath
  );
}
function linkerdWait(ctx, s, seconds2, why) {
  if (podAnnotations(ctx.w)[DRAIN.linkerdKey] !== void 0) return;
  setAnnotation(ctx, DRAIN.linkerdKey, String(seconds2));
  ctx.report("info", { summary: `added annotation ${DRAIN.linkerdKey}: "${seconds2}": ${s.name} stays up while the app drains`, detail: why }, s.fieldPath);
}
function preStopSleep2(ctx, s, seconds2, why) {
  const c = s.c;
  if (c.lifecycle?.preStop !== void 0) return;
  const minor = minorVersion(ctx.cfg);
  if (minor === void 0 || minor < SLEEP_ACTION_SINCE) {
    ctx.report(
      "info",
      {
        summary: `left ${s.name} without a preStop: the sleep action that would keep it up needs Kubernetes 1.30 or later`,
        detail: `${versionAssumed(ctx.cfg) ? `kubernetesVersion is not set, taken as ${ctx.cfg.kubernetesVersion}` : `kubernetesVersion is ${ctx.cfg.kubernetesVersion ?? "not set"}`}; set kubernetesVersion: "1.30" if the cluster runs it. ${why}`
      },
      s.fieldPath
    );
    return;
  }
  (c.lifecycle ??= {}).preStop = { sleep: { seconds: seconds2 } };
  ctx.report(
    "info",
    { summary: `added a preStop sleep action of ${seconds2}s to ${s.name}, so it stays up while the app drains`, detail: why },
    `${s.fieldPath}.lifecycle.preStop`
  );
}
function setAnnotation(ctx, key, value) {
  (ctx.w.podMeta().annotations ??= {})[key] = value;
}

// src/pod/summary.ts
var FLAGS = {
  /** A container the config names a sidecar (src/pod/sidecars.ts specFor): regular, or a native sidecar. */
  sidecar: 1 << 0,
  /** A native sidecar: an init container with restartPolicy: Always. */
  native: 1 << 1,
  /** Any init container. */
  init: 1 << 2,
  /** A mesh injects its sidecar here (src/pod/mesh.ts meshesOf). */
  mesh: 1 << 3,
  /** A Job-like pod (runs to completion, its sidecars ended by a tool). */
  job: 1 << 4,
  /** Dependencies configured (any selector) or the dependencies annotation on the workload or its pod. */
  dependency: 1 << 5,
  /** A container, init or regular, with a lifecycle hook. */
  hook: 1 << 6,
  /** A container, init or regular, with a command or args. */
  command: 1 << 7,
  /** A container, init or regular, with volumeMounts. */
  mount: 1 << 8,
  /** The pod template has annotations. */
  annotation: 1 << 9,
  /** A regular container sets restartPolicy (the API server refuses it). */
  restartPolicy: 1 << 10,
  /** A `pod-sequencer.dev/ignore.<rule>` annotation on the workload or its pod template (runRules reads them). */
  suppression: 1 << 11,
  /** The run is `check`: what `fix` would do is found by running the transforms on a copy (check/dry-run.ts). */
  checkMode: 1 << 12
};
var ALWAYS = 1 << 30;
function maskOf(needs) {
  if (needs === void 0) return ALWAYS;
  let mask = 0;
  for (const need of needs) mask |= FLAGS[need];
  return mask;
}
function has2(s, flag) {
  return (s & FLAGS[flag]) !== 0;
}
var IGNORE_PREFIX = "pod-sequencer.dev/ignore.";
function summaryOf(ctx) {
  if (ctx.w !== last) {
    kept = summarize(ctx);
    last = ctx.w;
  }
  return kept;
}
var last;
var kept = 0;
function forgetSummary(w) {
  if (w === last) last = void 0;
}
function summarize(ctx) {
  const { w, cfg } = ctx;
  let s = ALWAYS | annotationFlags(w.metadata.annotations, 0) | (cfg.mode === "check" ? FLAGS.checkMode : 0);
  if (w.jobLike) s |= FLAGS.job;
  if (cfg.dependencies.length > 0) s |= FLAGS.dependency;
  const meta = podMetadata(w);
  s |= annotationFlags(meta?.annotations, FLAGS.annotation);
  const init = w.pod.initContainers;
  for (let i = 0; init && i < init.length; i++) {
    const c = init[i];
    s |= FLAGS.init | containerFlags(c);
    if (isNativeSidecar(c)) s |= FLAGS.native | (specFor(c, cfg) ? FLAGS.sidecar : 0);
  }
  const containers = w.pod.containers;
  for (let i = 0; containers && i < containers.length; i++) {
    const c = containers[i];
    s |= containerFlags(c) | (specFor(c, cfg) ? FLAGS.sidecar : 0);
    if (c.restartPolicy !== void 0 && c.restartPolicy !== null) s |= FLAGS.restartPolicy;
  }
  if (meshesOf(ctx, meta).length > 0) s |= FLAGS.mesh;
  return s;
}
function annotationFlags(annotations, any) {
  let s = 0;
  for (const key in annotations) {
    s |= any;
    if (key === DEPENDENCIES_ANNOTATION && annotations[key] !== null) s |= FLAGS.dependency;
    else if (key.startsWith(IGNORE_PREFIX)) s |= FLAGS.suppression;
  }
  return s;
}
function containerFlags(c) {
  let s = 0;
  if (c.lifecycle) s |= FLAGS.hook;
  if (c.command || c.args) s |= FLAGS.command;
  if (c.volumeMounts) s |= FLAGS.mount;
  return s;
}

// src/sequence/index.ts
function sequenceWorkload(ctx, before) {
  if (!stepsCanAct(ctx)) return false;
  const changed = allOrNothing(ctx, transform, before);
  if (changed) forgetSummary(ctx.w);
  return changed;
}
function stepsCanAct(ctx) {
  return ctx.w.view || onWindows(ctx.w) || (summaryOf(ctx) & ANY_STEP) !== 0;
}
var endOrWrap = {
  needs: ["job", "sidecar", "command"],
  run(ctx, { sidecars, by, apps }) {
    const classic = [
      ...manifestJobSidecars(sidecars),
      ...meshedSidecars(ctx).filter((m) => !m.native).map(meshJobSidecar)
    ];
    if (ctx.w.site.sidecarsEndedBy === "controller") leftToController(ctx, by("wrap"));
    else if (!endJobSidecars(ctx, apps, classic)) wrapForReadiness(ctx, apps, by("wrap"));
  }
};
var steps = [
  { needs: ["mesh"], run: (ctx) => applyMesh(ctx) },
  { needs: ["sidecar"], run: (ctx, { by, sidecars }) => moveSidecarsFirst(ctx, by("first", "postStart"), sidecars) },
  { needs: ["sidecar"], run: (ctx, { by }) => addPostStartWaits(ctx, by("postStart")) },
  { needs: ["sidecar"], run: (ctx, { by }) => makeNative(ctx, by("native")) },
  // After the strategies: a sidecar still first (none moved it, none made it native) where the
  // controller reads containers[0]'s env (KEDA's ScaledJob): the field names the app if the evidence says so.
  { needs: ["sidecar"], run: (ctx) => nameReadApp(ctx) },
  // After the strategies: waits go after native sidecars. Without a dependency, only an old wait
  // of ours (an init container) can be taken out.
  { needs: ["dependency", "init"], run: (ctx, { deps }) => awaitDependencies(ctx, deps) },
  endOrWrap,
  // After the strategies: a sidecar made native here already stops after the app, and one made
  // classic here loses that order. Only an app's preStop hook makes it need its sidecars to stay
  // (pod/stop.ts appNeed).
  {
    needs: ["hook"],
    run: (ctx, { sidecars, wasNative }) => keepSidecarsForDrain(
      ctx,
      sidecars.filter((s) => wasNative.has(s) && !s.native)
    )
  },
  // Our tools: called from a command or hook, copied by an init container, mounted.
  { needs: ["command", "hook", "init", "mount"], run: (ctx) => syncTools(ctx) },
  // Istio's status annotation (pod template annotations).
  { needs: ["annotation"], run: (ctx) => syncIstioStatus(ctx) }
];
var STEP_MASKS = steps.map((step) => maskOf(step.needs));
var ANY_STEP = STEP_MASKS.reduce((a, m) => a | m, 0);
function transform(ctx) {
  const windows = windowsField(ctx.w);
  if (windows) {
    ctx.report("warning", windowsNote(ctx.w), podField(ctx.w, windows));
    return;
  }
  if (ctx.w.view) return void applyMesh(ctx);
  const pod = summaryOf(ctx);
  const deps = has2(pod, "dependency") ? readDependencies(ctx) : [];
  if (!deps) return;
  const sidecars = has2(pod, "sidecar") ? findSidecars(ctx.w, ctx.cfg, ctx.facts) : [];
  const strategy = new Map(sidecars.map((s) => [s, strategyOf(ctx, s, sidecars)]));
  const by = (...strategies) => sidecars.filter((s) => !s.keep && strategies.includes(strategy.get(s)));
  const apps = (pod & maskOf(endOrWrap.needs)) !== 0 ? appContainers(ctx.w, ctx.cfg) : [];
  const pass = { deps, sidecars, by, apps, wasNative: new Set(sidecars.filter((s) => s.native)) };
  let changed = false;
  const report2 = (...r) => {
    if (!changed) forgetSummary(ctx.w);
    changed = true;
    return ctx.report(...r);
  };
  const counted = { ...ctx, report: report2 };
  for (let i = 0; i < steps.length; i++) if (changed || (pod & STEP_MASKS[i]) !== 0) steps[i].run(counted, pass);
}
function leftToController(ctx, wrapped) {
  if (wrapped.length === 0) return;
  ctx.report(
    "warning",
    {
      summary: `wrote no readiness wrapper for ${wrapped.map((s) => s.name).join(", ")} (strategy wrap): its controller would fight it`,
      detail: `${controllerWhy(ctx.w)}, and a wrapper around its commands would fight it; use strategy native, postStart or first for this kind.`
    },
    podField(ctx.w, "containers")
  );
}
function strategyOf(ctx, s, all) {
  const planned = admitted(ctx, s, plannedStrategy(ctx, s, all));
  return planned !== "native" && planned !== "wrap" && keepsAppFirst(ctx, s, all) ? "wrap" : planned;
}
var NEEDS2 = { native: "restartPolicy", postStart: "lifecycle", wrap: "initContainers" };
var FALLBACK = { native: "postStart", postStart: "first", wrap: "first" };
function admitted(ctx, s, planned) {
  const site = ctx.w.site;
  if (!site.refuses || planned === "native" && s.native) return planned;
  const refused = [];
  let e = planned;
  for (let need = NEEDS2[e]; need && refuses(site, need); need = NEEDS2[e]) {
    refused.push(need);
    e = FALLBACK[e];
  }
  if (e === planned) return e;
  ctx.report(
    "info",
    {
      summary: `gave ${s.name} strategy ${e}, not ${planned}: ${ctx.w.kind} admits no ${refused.map((r) => REFUSED_TEXT[r]).join(" or ")}`,
      note: true,
      detail: (e === "first" ? `It goes before the app in containers, so the kubelet starts it first, but nothing holds the app until it is ready: ${ctx.w.kind} admits no hook or wait that would. ` : "") + "The workload catalog says what its admission refuses (docs/workload-kinds.md)."
    },
    podField(ctx.w, "containers")
  );
  return e;
}
function plannedStrategy(ctx, s, all) {
  const planned = effectiveStrategy(s.spec, ctx.cfg, s.native);
  if (planned === "native" && !s.native && unprobeable(ctx, s)) return "postStart";
  if (s.spec.strategy !== "auto" || planned !== "native") return planned;
  if (!s.native && versionAssumed(ctx.cfg) && gatedClassic(ctx, s, all)) return "postStart";
  const choice = nativeChoice(ctx, s.spec.profile);
  if (!choice || choice.native) {
    return planned;
  }
  ctx.report(
    "info",
    {
      summary: `kept ${s.name} ${s.native ? "as it is" : "classic"}: the pod's annotation ${choice.key}: "false" says so`,
      detail: "A per-pod choice wins over strategy auto."
    },
    podMetaField(ctx.w, "annotations")
  );
  return s.native ? "native" : "postStart";
}
function keepsAppFirst(ctx, s, all) {
  const app = ctx.w.pod.containers?.[0];
  if (s.native || !app || all.some((x) => x.name === app.name)) return false;
  const why = appFirstReason(ctx);
  if (!why) return false;
  ctx.report(
    "info",
    {
      summary: `kept ${app.name} first and ${s.name} after it: ${why.summary}`,
      note: true,
      detail: `${upperFirst(why.what)}, so no sidecar may go before it; the app's command waits for ${s.name} instead (strategy wrap). A native sidecar (Kubernetes 1.29 or later) needs neither.`
    },
    podField(ctx.w, "containers", 0)
  );
  return true;
}
function appFirstReason(ctx) {
  const first = ctx.w.site.firstContainer;
  if (first && !first.nameField) return { summary: `${ctx.w.kind} reads containers[0] as the app`, what: first.what };
  const other = envSources(ctx).find((x) => x.elsewhere && x.reads.length > 0);
  if (!other) return void 0;
  const vars = other.reads.map((r) => r.variable).join(", ");
  return {
    summary: `${other.reader} reads containers[0]'s env`,
    what: `${other.what} (${vars}), unless ${other.reader} names another in ${other.field}`
  };
}
function gatedClassic(ctx, s, all) {
  const containers = ctx.w.pod.containers ?? [];
  const i = containers.findIndex((c) => c.name === s.name);
  if (i < 0 || !containers[i].lifecycle?.postStart?.exec) return false;
  if (!containers.slice(0, i).every((c) => all.some((x) => x.name === c.name))) return false;
  return !ctx.w.jobLike || containers.some((c) => endsItsSidecars(c) || (c.command ?? []).includes(WRAP_MARKER));
}
function unprobeable(ctx, s) {
  const i = (ctx.w.pod.containers ?? []).findIndex((c) => c.name === s.name);
  const blocked = i < 0 || !s.spec.readiness ? void 0 : probeBlocked(s.spec, ctx.w.pod.containers[i]);
  if (!blocked) return false;
  ctx.report(
    "warning",
    {
      summary: `kept ${s.name} classic: no startupProbe could reach it, so a postStart wait holds the app`,
      detail: `It is not made a native sidecar: ${blocked.why}. Set ${blocked.fix} to let it become native.`,
      fix: blocked.fix
    },
    podField(ctx.w, "containers", i)
  );
  return true;
}

// src/check/dry-run.ts
var runs = /* @__PURE__ */ new WeakMap();
function runOf(ctx) {
  let run = runs.get(ctx);
  if (run === void 0) {
    const results = [];
    const fixed = makeWorkload(copyValue(ctx.w.obj), ctx.w.templatePath, ctx.w.site);
    const changed = fixed !== void 0 && sequenceWorkload(makeCtx({ ...ctx.cfg, mode: "apply" }, fixed, results, ctx.facts)) && !deepEqual(fixed.obj, ctx.w.obj);
    run = { results, fixed, changed };
    runs.set(ctx, run);
  }
  return run;
}
function dryRun(ctx) {
  return runOf(ctx).results;
}
function fixedWorkload(ctx) {
  const run = runOf(ctx);
  return run.changed ? run.fixed : void 0;
}
var isChange = (r) => r.severity === "info" && r.tags?.rule === void 0 && r.tags?.note === void 0;

// src/check/fixes.ts
function nativeFix(ctx, s) {
  if (!nativeSupported(ctx.cfg)) return 'kubernetesVersion: "1.29"';
  return !s || s.spec.strategy === "auto" || s.spec.strategy === "native" ? RUN_FIX : "strategy: native";
}
function meshNativeFix(ctx, mesh, switchable) {
  const keys2 = (tableOf(mesh).nativeKeys ?? []).map((r) => JSON.stringify(r.value));
  if (dryRun(ctx).some((r) => isChange(r) && keys2.some((k) => r.field?.path?.endsWith(`[${k}]`)))) return RUN_FIX;
  if (!switchable) return void 0;
  return nativeSupported(ctx.cfg) ? `mesh.${mesh}.native: true` : 'kubernetesVersion: "1.29"';
}
function fixChangesSomething(ctx) {
  return fixedWorkload(ctx) !== void 0;
}

// src/check/rules/dependency-not-awaited.ts
var dependencyNotAwaited = {
  id: "dependency-not-awaited",
  severity: "warning",
  needs: ["dependency"],
  summary: "a configured dependency has no wait in a selected workload",
  check(ctx, report2) {
    const { deps, problems } = dependenciesOf(ctx);
    if (deps.length === 0 && problems.length === 0) return;
    const waits = (ctx.w.pod.initContainers ?? []).flatMap((c) => parseDependencyWait((c.command ?? []).map(String))?.dep ?? []);
    for (const d of deps) {
      if (waits.some((w) => sameTarget(w, d))) continue;
      report2(
        {
          summary: `dependency ${d.name} has no wait in this pod, so the app may start before it is up`,
          detail: `${d.name} is ${describeTarget(d)}. pod-sequencer adds init container ${WAIT_PREFIX}${d.name}, which waits for it.`,
          fix: RUN_FIX
        },
        podField(ctx.w, "initContainers")
      );
    }
    if (ctx.cfg.mode !== "check") return;
    for (const p of problems) report2(p.self ? p.text : `annotation ${DEPENDENCIES_ANNOTATION}: ${p.text}, so nothing waits for it`, p.path);
  }
};

// src/check/rules/job-sidecar-blocks-completion.ts
var NATIVE_SWITCH = new Set(MESHES.filter((m) => "native" in meshDefaults[m]));
var jobSidecarBlocksCompletion = {
  id: "job-sidecar-blocks-completion",
  severity: "error",
  needs: ["job"],
  summary: "Job-like pod with a classic sidecar and no way to end it",
  check(ctx, report2) {
    const { w, cfg } = ctx;
    if (!w.jobLike) return;
    const apps = appContainers(w, cfg);
    const ended = /* @__PURE__ */ new Set();
    for (const { c } of apps) {
      const ours = parseWrapper((c.command ?? []).map(String));
      if (ours?.spec.mode === "job") {
        for (const s of [...ours.spec.shutdown, ...ours.spec.kill ?? []]) ended.add(s.name);
        continue;
      }
      const own = ours ? { ...c, command: ours.spec.argv } : c;
      if (whereItEndsItsSidecars(own, scriptsRun(w, own, ctx.facts)) !== void 0) return;
    }
    const missing = apps.some(({ c }) => "error" in argvToWrap(w, cfg, c));
    for (const m of meshedSidecars(ctx)) {
      if (m.native || ended.has(m.container)) continue;
      const native2 = NATIVE_SWITCH.has(m.profile) ? `mesh.${m.profile}.native: true` : `${m.profile}'s native sidecar mode in its control plane`;
      const unknown = nativeDefaultUnknown(ctx, m.profile);
      const byDefault = unknown ? `, or, if your ${m.profile} control plane is ${unknown.since} or later (it injects a native sidecar by default on Kubernetes ${unknown.kubernetes} or later), set mesh.${m.profile}.version to its release` : "";
      const [why, fix] = !m.shutdown ? [
        `${m.profile} has no shutdown endpoint enabled for this pod; ask for a native sidecar (${native2}, Kubernetes 1.29 or later)${byDefault}.`,
        meshNativeFix(ctx, m.profile, NATIVE_SWITCH.has(m.profile))
      ] : !cfg.jobs.terminateSidecars ? ["jobs.terminateSidecars is false; turn it on to have the app containers end it, or ask for a native sidecar.", "jobs.terminateSidecars: true"] : ["No app container's command ends it; pod-sequencer's Job wrapper asks the sidecar to shut down, or ask for a native sidecar.", RUN_FIX];
      report2(
        {
          summary: `injected ${m.container} keeps running after the app exits: this ${w.kind === "Pod" ? "pod" : w.kind} never completes`,
          detail: `The ${m.profile} webhook injects it (${m.reason}). ${why}`,
          ...fix ? { fix } : {}
        },
        podField(w, "containers")
      );
    }
    const containers = w.pod.containers ?? [];
    for (const s of findSidecars(w, cfg, ctx.facts)) {
      if (s.native || ended.has(s.name)) continue;
      const off = s.spec.shutdown?.http ? shutdownSwitchedOff(w, s.name, s.spec.profile, s.spec.version) : void 0;
      const canEnd = s.spec.shutdown !== void 0 && !off;
      if (cfg.jobs.terminateSidecars && canEnd && missing) continue;
      const [why, fix] = off ? [
        `Its env ${off.setting} switches its shutdown endpoint off, so a quit call would be refused and pod-sequencer writes no wrapper; set ${off.on} on ${s.name} (the endpoint answers only callers on the pod's loopback), or make it a native sidecar (kubernetesVersion 1.29 or later).`,
        off.on
      ] : !canEnd ? [
        `${s.spec.profile === "generic" ? "It" : s.spec.profile} has no shutdown endpoint; make it a native sidecar (kubernetesVersion 1.29 or later) or give it one in sidecars[].shutdown.`,
        nativeFix(ctx, s)
      ] : !cfg.jobs.terminateSidecars ? [
        "jobs.terminateSidecars is false; turn it on to have the app containers end it, or make it a native sidecar (kubernetesVersion 1.29 or later).",
        "jobs.terminateSidecars: true"
      ] : [
        "No app container's command ends it; pod-sequencer's Job wrapper asks the sidecar to shut down, or make it a native sidecar (kubernetesVersion 1.29 or later).",
        RUN_FIX
      ];
      report2(
        {
          summary: `classic sidecar ${s.name} keeps running after the app exits: this ${w.kind === "Pod" ? "pod" : w.kind} never completes`,
          detail: why,
          fix
        },
        podField(
          w,
          "containers",
          containers.findIndex((c) => c.name === s.name)
        )
      );
    }
  }
};

// src/check/rules/missing-entrypoint.ts
var missingEntrypoint = {
  id: "missing-entrypoint",
  severity: "error",
  // Only `check` runs the fix on a copy to see what it would say.
  needs: ["checkMode"],
  summary: "container must be wrapped but has no `command` and no configured entrypoint",
  check(ctx, report2) {
    if (ctx.cfg.mode !== "check") return;
    for (const r of dryRun(ctx)) if (r.tags?.rule === "missing-entrypoint") report2({ summary: r.message, detail: r.detail, fix: r.fix }, r.field?.path ?? "");
  }
};

// src/check/rules/init-network-under-mesh.ts
var NETWORK = /(?:^|[\s;&|(`'"/])(curl|wget|nc|ncat|nslookup|dig)(?=\s|$)|\bhttps?:\/\/\S+/;
function networkCall(c) {
  const cmd = (c.command ?? []).map(String);
  if (parseToolsInstall(cmd)) return void 0;
  const wait2 = parseDependencyWait(cmd);
  if (wait2) return `waits for ${wait2.dep.http ?? wait2.dep.tcp ?? wait2.dep.dns}`;
  if (isWaitContainer(c)) return "a dependency wait";
  const m = NETWORK.exec(
    argvOf(c).map((w) => w.text).join(" ")
  );
  return m ? m[1] ? `runs ${m[1]}` : `calls ${m[0]}` : void 0;
}
function runAsUser(c, pod) {
  const own = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
  return own === void 0 ? void 0 : Number(own);
}
var initNetworkUnderMesh = {
  id: "init-network-under-mesh",
  severity: "warning",
  needs: ["init"],
  summary: "init containers make network calls in a pod a CNI mesh will capture, without native sidecars or the UID workaround",
  check(ctx, report2) {
    const pod = ctx.w.pod;
    const init = pod.initContainers ?? [];
    if (init.length === 0) return;
    const classic = classicCaptors(ctx);
    init.forEach((c, i) => {
      if (isNativeSidecar(c) || captureSetup.some((g) => matchGlob(g, c.name))) return;
      const call = networkCall(c);
      if (!call) return;
      const later = init.slice(i + 1).flatMap((x) => {
        const mesh = isNativeSidecar(x) ? captorMesh(ctx, x) : void 0;
        return mesh ? [{ container: x.name, uid: profiles[mesh].proxyUid, why: `native sidecar ${x.name} starts only after it` }] : [];
      });
      const all = [...classic, ...later];
      const missed = all.filter((k) => k.uid !== runAsUser(c, pod));
      if (missed.length === 0) return;
      const uids = new Set(all.map((k) => k.uid));
      const asUid = uids.size === 1 ? `Run it as UID ${all[0].uid} (the mesh never captures its proxy's UID), or make` : "Make";
      report2(
        {
          summary: `init container ${c.name} makes network calls the mesh captures before its proxy runs`,
          detail: `It calls out (${call}), but ${missed.map((k) => k.why).join("; ")}. ${asUid} the proxy (${missed.map((k) => k.container).join(", ")}) a native sidecar that starts before it (Kubernetes 1.29 or later).`,
          ...uids.size === 1 ? { fix: `securityContext.runAsUser: ${all[0].uid}` } : {}
        },
        podField(ctx.w, "initContainers", i)
      );
    });
  }
};

// src/check/rules/pending-change.ts
var pendingChange = {
  id: "pending-change",
  severity: "info",
  // Only `check` runs the fix on a copy to see what it would say.
  needs: ["checkMode"],
  summary: "`fix` would change this workload (its own waits or wrappers are out of date, or an injected mesh lacks a setting) though no other rule names a problem",
  check(ctx, report2, prior) {
    if (ctx.cfg.mode !== "check" || prior > 0 || !fixChangesSomething(ctx)) return;
    for (const r of dryRun(ctx).filter(isChange)) report2({ summary: `fix would have ${r.message}`, detail: r.detail, fix: RUN_FIX }, r.field?.path ?? "");
  }
};

// src/check/rules/native-sidecar-unsupported.ts
var nativeUnsupported = {
  id: "native-sidecar-unsupported",
  severity: "error",
  needs: ["native"],
  summary: "`restartPolicy: Always` init containers while kubernetesVersion < 1.29",
  check(ctx, report2) {
    const minor = minorVersion(ctx.cfg);
    if (minor === void 0 || minor >= NATIVE_SIDECARS_SINCE) return;
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (c.restartPolicy !== "Always") return;
      report2(
        {
          summary: `native sidecar ${c.name} on Kubernetes ${ctx.cfg.kubernetesVersion}: the pod would hang in Init`,
          detail: `${c.name} is an init container with restartPolicy: Always; native sidecars are on by default from Kubernetes 1.29. If the cluster runs 1.29 or later, raise kubernetesVersion; otherwise use strategy postStart.`,
          fix: 'kubernetesVersion: "1.29"'
        },
        podField(ctx.w, "initContainers", i)
      );
    });
  }
};

// src/check/rules/process-namespace-sharing.ts
var KILL_BY_NAME = /(?:^|[\s;&|(`])(?:(?:\/usr)?\/bin\/)?(?:pkill|killall)\s|(?:^|[\s;&|(`])kill\s[^;&|\n]*(?:\$\(|`)\s*(?:pidof|pgrep)\s/;
function killCommand(c) {
  return [argvOf(c), ...hookArgvs(c)].find((argv) => KILL_BY_NAME.test(argv.map((w) => w.text).join(" ")));
}
function ptrace(c) {
  const add = c.securityContext?.capabilities?.add;
  return Array.isArray(add) && add.some((a) => /^(CAP_)?SYS_PTRACE$/i.test(String(a)));
}
var processNamespaceSharing = {
  id: "process-namespace-sharing",
  severity: "warning",
  needs: ["command", "hook"],
  summary: "a container kills a process by name (`pkill`/`killall NAME`, `kill $(pidof|pgrep NAME)`) in its command, args or lifecycle hook while the pod sets `shareProcessNamespace: true` (or `hostPID`) or the container adds `SYS_PTRACE`",
  check(ctx, report2) {
    const pod = ctx.w.pod;
    const shared = pod.shareProcessNamespace === true ? "shareProcessNamespace: true" : pod.hostPID === true ? "hostPID: true" : void 0;
    const check = (list2) => (pod[list2] ?? []).forEach((c, i) => {
      if (!shared && !ptrace(c)) return;
      const cmd = killCommand(c);
      if (!cmd) return;
      const how = [shared, ptrace(c) ? "the SYS_PTRACE capability" : void 0].filter(Boolean).join(" and ");
      const at = cmd.find((w) => /\b(pkill|killall|kill)\b/.test(w.text)) ?? cmd[0];
      report2(
        {
          summary: `${c.name} kills another container's process, which exposes every container's secrets`,
          detail: `Its command (\`${showArgv(cmd)}\`) does it through ${how}: every container then sees every process and its environment, secrets included` + (ptrace(c) ? '; SYS_PTRACE is not allowed by Pod Security "baseline", and killing does not need it (the same UID or CAP_KILL does)' : "") + ". End the sidecar through its shutdown endpoint instead (pod-sequencer's Job wrapper does: jobs.terminateSidecars), or make it a native sidecar."
        },
        `${podField(ctx.w, list2, i)}.${at.field}`
      );
    });
    check("initContainers");
    check("containers");
    if (pod.shareProcessNamespace === true) reportSignalWrappers(ctx, report2);
  }
};
function reportSignalWrappers(ctx, report2) {
  (ctx.w.pod.containers ?? []).forEach((c, i) => {
    for (const k of parseWrapper((c.command ?? []).map(String))?.spec.kill ?? []) {
      report2(
        {
          summary: `${k.name} is ended by signal, which needs shareProcessNamespace: every process's secrets are shared`,
          detail: `shutdown.signal: ${k.process} lets every container see every process and its environment, secrets included. The signal is only allowed when ${c.name} runs as ${k.name}'s UID or has CAP_KILL (pod-sequencer adds neither, nor SYS_PTRACE); prefer an HTTP shutdown endpoint or a native sidecar.`
        },
        `${podField(ctx.w, "containers", i)}.command`
      );
    }
  });
}

// src/check/rules/sidecar-no-readiness-gate.ts
var sidecarNoReadinessGate = {
  id: "sidecar-no-readiness-gate",
  severity: "warning",
  needs: ["sidecar"],
  summary: "sidecar first, but nothing holds the app until it is ready",
  check(ctx, report2) {
    const pod = ctx.w.pod;
    const containers = pod.containers ?? [];
    const sidecars = findSidecars(ctx.w, ctx.cfg, ctx.facts);
    for (const s of sidecars) {
      if (!s.spec.readiness && !s.spec.waitCommand) continue;
      if (s.keep) continue;
      if (!s.native && s.spec.strategy === "first") continue;
      if (s.native) {
        const i2 = (pod.initContainers ?? []).findIndex((c2) => c2.name === s.name);
        const c = pod.initContainers[i2];
        if (!c.startupProbe && !c.lifecycle?.postStart) {
          const blocked = probeBlocked(s.spec, c);
          report2(
            {
              summary: `native sidecar ${s.name} has no startupProbe, so the app starts before it is ready`,
              detail: blocked ? `No probe can reach it: ${blocked.why}. Set ${blocked.fix}, then pod-sequencer (strategy native) adds the probe.` : "The kubelet starts the app as soon as a native sidecar without a startupProbe has started. pod-sequencer (strategy native) adds one.",
              fix: blocked ? blocked.fix : RUN_FIX
            },
            podField(ctx.w, "initContainers", i2)
          );
        }
        continue;
      }
      const i = containers.findIndex((c) => c.name === s.name);
      const before = containers.slice(0, i).some((c) => !sidecars.some((x) => x.name === c.name));
      if (before) continue;
      const wrapped = containers.slice(i + 1).every((c) => sidecars.some((x) => x.name === c.name) || parseWrapper((c.command ?? []).map(String))?.spec.checks.some((k) => k.name === s.name));
      if (!postStartHolds(s.spec, containers[i]) && !wrapped) {
        report2(
          {
            summary: `sidecar ${s.name} is first, but nothing holds the app until it is ready`,
            detail: "The kubelet starts the next container once this one has started, not once it is ready. pod-sequencer holds the app (strategy postStart) or makes the sidecar native with a startupProbe.",
            fix: RUN_FIX
          },
          podField(ctx.w, "containers", i)
        );
      }
    }
  }
};

// src/check/rules/sidecar-not-first.ts
var sidecarNotFirst = {
  id: "sidecar-not-first",
  severity: "warning",
  needs: ["sidecar"],
  summary: "a known sidecar starts after an app container with no readiness gate",
  check(ctx, report2) {
    const containers = ctx.w.pod.containers ?? [];
    const sidecars = findSidecars(ctx.w, ctx.cfg, ctx.facts).filter((s) => !s.native);
    const names = new Set(sidecars.map((s) => s.name));
    for (const s of sidecars) {
      if (s.keep) continue;
      const firstApp = containers.findIndex(
        (c) => !names.has(c.name) && !parseWrapper((c.command ?? []).map(String))?.spec.checks.some((k) => k.name === s.name)
      );
      const i = containers.findIndex((c) => c.name === s.name);
      if (firstApp >= 0 && i > firstApp) {
        report2(
          {
            summary: `sidecar ${s.name} starts after app ${containers[firstApp].name}, which may call out before it is ready`,
            detail: `The kubelet starts containers in order and waits for none of them to be ready. pod-sequencer puts the ${s.spec.profile} sidecar first and holds the app until it is ready (strategy postStart), or makes it native.`,
            fix: RUN_FIX
          },
          podField(ctx.w, "containers", i)
        );
      }
    }
  }
};

// src/check/rules/sleep-ordering.ts
var WHY = "A fixed delay is not start ordering (too short under load, wasted otherwise). Wait on readiness instead: a sidecar strategy (postStart, native) or a dependency wait.";
var sleepOrdering = {
  id: "sleep-ordering",
  severity: "info",
  needs: ["command"],
  summary: '`sleep N` before the real command used as start ordering (`sh -c "sleep 10; exec app"`, or an init container that only sleeps)',
  check(ctx, report2) {
    const check = (list2) => (ctx.w.pod[list2] ?? []).forEach((c, i) => {
      if (list2 === "initContainers" && isNativeSidecar(c) || !mayLeadWithSleep(c)) return;
      const delay = leadingSleep(programArgv(c));
      if (!delay) return;
      const path = `${podField(ctx.w, list2, i)}.${delay.at.field}`;
      if (!delay.only) {
        report2(
          {
            summary: `container ${c.name} sleeps ${delay.seconds}s before its real command: a fixed delay is no start order`,
            detail: `Its command: \`${showArgv([delay.at])}\`. ${WHY}`
          },
          path
        );
      } else if (list2 === "initContainers") {
        report2({ summary: `init container ${c.name} only sleeps ${delay.seconds}s to hold back the containers after it`, detail: WHY }, path);
      }
    });
    check("initContainers");
    check("containers");
  }
};

// src/check/rules/init-container-probe-forbidden.ts
var SIDECAR_ONLY = ["startupProbe", "readinessProbe", "livenessProbe", "lifecycle"];
var initContainerProbeForbidden = {
  id: "init-container-probe-forbidden",
  severity: "error",
  needs: ["init"],
  summary: "an init container without `restartPolicy: Always` sets a probe or lifecycle hook: the API server rejects the pod",
  check(ctx, report2) {
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (isNativeSidecar(c)) return;
      for (const field of SIDECAR_ONLY) {
        if (c[field] === void 0 || c[field] === null) continue;
        const policy = c.restartPolicy === void 0 ? "no restartPolicy" : `restartPolicy: ${String(c.restartPolicy)}`;
        report2(
          {
            summary: `init container ${c.name} sets ${field} with ${policy}: the API server rejects the pod`,
            detail: `Only a native sidecar may set ${field}. If ${c.name} is meant to run beside the app (Kubernetes 1.29 or later), make it one; otherwise remove ${field}.`,
            fix: "restartPolicy: Always"
          },
          `${podField(ctx.w, "initContainers", i)}.${field}`
        );
      }
    });
  }
};

// src/check/rules/restart-policy-on-container.ts
var RESTART_RULES = { gate: "ContainerRestartRules", alpha: 34, onByDefault: 35 };
var restartPolicyOnContainer = {
  id: "restart-policy-on-container",
  severity: "error",
  needs: ["restartPolicy"],
  summary: "`restartPolicy` on an entry of `containers`: refused before container restart rules (1.34), never a sidecar",
  check(ctx, report2) {
    const minor = versionAssumed(ctx.cfg) ? void 0 : minorVersion(ctx.cfg);
    const refused = minor !== void 0 && minor < RESTART_RULES.alpha;
    (ctx.w.pod.containers ?? []).forEach((c, i) => {
      if (c.restartPolicy === void 0 || c.restartPolicy === null) return;
      const policy = String(c.restartPolicy);
      const hangs = policy === "Always" && ctx.w.jobLike;
      const sidecar = policy === "Always" ? ` To make ${c.name} a native sidecar, move it to initContainers (restartPolicy: Always there, Kubernetes 1.29 or later).` : "";
      const where = `${podField(ctx.w, "containers", i)}.restartPolicy`;
      const severity = refused || hangs ? "error" : "warning";
      if (refused) {
        report2(
          {
            summary: `container ${c.name} sets restartPolicy: ${policy}: the API server of Kubernetes ${ctx.cfg.kubernetesVersion} refuses it`,
            detail: `A container's own restartPolicy needs the ${RESTART_RULES.gate} feature gate (alpha in 1.34, on by default from 1.35).${sidecar || " Remove it, or set the pod-level spec.restartPolicy."}`
          },
          where,
          severity
        );
        return;
      }
      report2(
        {
          summary: hangs ? `container ${c.name} sets restartPolicy: Always: refused, or restarted on every exit, so this ${ctx.w.kind} never completes` : `container ${c.name} sets restartPolicy: ${policy}: accepted only with the ${RESTART_RULES.gate} feature gate`,
          detail: `${RESTART_RULES.gate} is alpha and off by default in Kubernetes 1.34, on by default from 1.35; without it the API server refuses the field. It says when this container is restarted and never makes it a sidecar.${sidecar}`
        },
        where,
        severity
      );
    });
  }
};

// src/check/rules/native-sidecar-startup-probe-never.ts
var nativeSidecarStartupProbeNever = {
  id: "native-sidecar-startup-probe-never",
  severity: "warning",
  needs: ["native"],
  summary: "`restartPolicy: Never` pod, native sidecar with a startupProbe, `kubernetesVersion` 1.29\u20131.34: the app may never start (kubernetes/kubernetes#132826)",
  check(ctx, report2) {
    if (!startupProbeMayHang(ctx.cfg, ctx.w)) return;
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (!isNativeSidecar(c) || !c.startupProbe) return;
      report2(
        {
          summary: `native sidecar ${c.name} with a startupProbe in a restartPolicy: Never pod may stay in Init forever`,
          detail: `On Kubernetes ${ctx.cfg.kubernetesVersion}, if ${c.name} exits before its probe succeeds, the kubelet stops probing it and the app never starts (${PROBE_WORKER_BUG.issue}; fixed in 1.35 and in late 1.33 and 1.34 patch releases). Run a fixed kubelet and set kubernetesVersion to match, or bound the pod with activeDeadlineSeconds so a stuck pod fails and the Job retries it.`
        },
        `${podField(ctx.w, "initContainers", i)}.startupProbe`
      );
    });
  }
};

// src/check/rules/native-sidecar-prestop.ts
var nativeSidecarPrestop = {
  id: "native-sidecar-prestop",
  severity: "warning",
  needs: ["native"],
  summary: "a native sidecar's preStop quits, drains or kills it while the app still drains",
  check(ctx, report2) {
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (!isNativeSidecar(c)) return;
      const ends2 = preStopEnds(c);
      if (!ends2) return;
      report2(
        {
          summary: `native sidecar ${c.name} ends itself in preStop, while the app still drains and needs it`,
          detail: `Its hook (\`${ends2.what}\`) runs as soon as the pod starts terminating. Remove it: the kubelet stops ${c.name} with SIGTERM only after the app containers have exited.`
        },
        `${podField(ctx.w, "initContainers", i)}.${ends2.field}`
      );
    });
  }
};

// src/check/rules/prestop-exceeds-grace-period.ts
var prestopExceedsGracePeriod = {
  id: "prestop-exceeds-grace-period",
  severity: "warning",
  needs: ["hook"],
  summary: "a preStop sleep \u2265 `terminationGracePeriodSeconds` (default 30)",
  check(ctx, report2) {
    const grace = gracePeriod(ctx.w);
    const given = ctx.w.pod.terminationGracePeriodSeconds === void 0 ? " (the default)" : "";
    const check = (list2) => (ctx.w.pod[list2] ?? []).forEach((c, i) => {
      if (list2 === "initContainers" && !isNativeSidecar(c)) return;
      const sleep = preStopSleep(c);
      if (!sleep || sleep.seconds < grace) return;
      report2(
        {
          summary: `${c.name}'s preStop sleeps ${sleep.seconds}s of a ${grace}s grace period: it is killed without a clean stop`,
          detail: `terminationGracePeriodSeconds is ${grace}${given}: the kubelet kills the container when it ends, so it never gets SIGTERM to shut down cleanly. Raise terminationGracePeriodSeconds above the sleep plus the time the container needs to stop, or shorten the sleep.`
        },
        `${podField(ctx.w, list2, i)}.${sleep.field}`
      );
    });
    check("initContainers");
    check("containers");
  }
};

// src/check/rules/onfailure-classic-sidecar.ts
var onfailureClassicSidecar = {
  id: "onfailure-classic-sidecar",
  severity: "warning",
  needs: ["job"],
  summary: "Job-like pod, `restartPolicy: OnFailure`, classic sidecar: after an in-place restart the sidecar is gone or its hold fails",
  check(ctx, report2) {
    const { w, cfg } = ctx;
    if (!w.jobLike || w.restartPolicy !== "OnFailure") return;
    const classic = [
      ...findSidecars(w, cfg, ctx.facts).filter((s) => !s.native).map((s) => s.name),
      ...meshedSidecars(ctx).filter((m) => !m.native).map((m) => m.container)
    ];
    if (classic.length === 0) return;
    report2(
      {
        summary: `restartPolicy: OnFailure with classic sidecar ${classic.join(", ")}: a restarted app may lack it`,
        detail: "OnFailure restarts a failed app container in the same pod, but a classic sidecar is not restarted once it exits 0 (its hold timed out, or something asked it to quit after a failed run), and its start hold runs only once, so the restarted app may run without it or wait for it forever. With restartPolicy: Never the Job retries in a new pod (up to backoffLimit); or make the sidecar native (Kubernetes 1.29 or later).",
        fix: "restartPolicy: Never"
      },
      w.restartPolicyAt
    );
  }
};

// src/check/rules/istio-hold-ignored-native.ts
var istioHoldIgnoredNative = {
  id: "istio-hold-ignored-native",
  severity: "info",
  needs: ["annotation"],
  summary: "hold set together with Istio's native sidecar: Istio drops the hold, the startupProbe gates",
  check(ctx, report2) {
    if (ctx.cfg.mode !== "check") return;
    const hold = istioConfig(ctx)[ANNOTATION.istioHold];
    if (hold === void 0 || !isTrue2(hold)) return;
    const inManifest = (ctx.w.pod.initContainers ?? []).find((c) => c.name === "istio-proxy" && isNativeSidecar(c));
    const why = inManifest ? "istio-proxy is a native sidecar here (an init container with restartPolicy: Always)" : nativeDecides(ctx, "istio") ? `the pod asks for a native istio-proxy (sidecar.istio.io/nativeSidecar: "true") and Istio ${configuredRelease(ctx.cfg, "istio")} reads that key` : void 0;
    if (!why) return;
    report2(
      {
        summary: `${ANNOTATION.istioHold} is ignored: Istio drops it for a native istio-proxy`,
        detail: `${ANNOTATION.istioConfig} sets ${ANNOTATION.istioHold}: true, but ${why}. Istio's injector drops the hold for a native proxy, and the proxy's startupProbe holds the app instead; the hold only matters on an Istio older than 1.24, which has no native sidecars.`
      },
      `${podMetaField(ctx.w, "annotations")}[${JSON.stringify(ANNOTATION.istioConfig)}]`
    );
  }
};

// src/check/rules/native-sidecar-in-custom-kind.ts
var nativeSidecarInCustomKind = {
  id: "native-sidecar-in-custom-kind",
  severity: "info",
  needs: ["native"],
  summary: "native sidecar written into a `workloadKinds` kind whose controller may drop the field",
  check(ctx, report2) {
    const { w, cfg } = ctx;
    if (w.site.origin === "builtin") return;
    const from = cfg.workloadKinds.some((k) => k.kind === w.kind && k.apiVersion === w.ref.apiVersion) ? "workloadKinds" : "the built-in catalog";
    (w.pod.initContainers ?? []).forEach((c, i) => {
      if (!isNativeSidecar(c)) return;
      report2(
        {
          summary: `native sidecar ${c.name} in a ${w.kind}: an older controller drops it and the pod hangs in Init`,
          detail: `The ${w.kind} (${w.ref.apiVersion}, from ${from}) controller builds the pods; one built on Kubernetes types older than 1.28 drops restartPolicy from init containers, so the pod hangs in Init or is refused. Check that the controller keeps initContainers[].restartPolicy (a pod it created shows it), or keep the sidecar classic there.`
        },
        `${podField(w, "initContainers", i)}.restartPolicy`
      );
    });
  }
};

// src/check/rules/sidecar-stops-before-app.ts
var sidecarStopsBeforeApp = {
  id: "sidecar-stops-before-app",
  severity: "warning",
  needs: ["hook"],
  summary: "a classic sidecar of a long-running pod stops before the app has finished draining",
  check(ctx, report2) {
    const found = sidecarsStoppingEarly(ctx);
    if (!found) return;
    const target2 = stayTarget(ctx, found.need);
    for (const s of found.early) {
      const fix = s.from === "istio" ? `set terminationDrainDuration: ${target2}s in proxy.istio.io/config` : s.from === "linkerd" ? `set config.alpha.linkerd.io/proxy-wait-before-exit-seconds: "${target2}"` : `give ${s.name} a preStop sleep action of ${target2}s (Kubernetes 1.30 or later)`;
      report2(
        {
          summary: `classic sidecar ${s.name} stops before the app has drained: the app's last requests fail`,
          detail: `${s.name} stops ${s.seconds > 0 ? `about ${s.seconds}s after` : "as soon as"} the pod starts terminating (${s.why}), but ${found.need.why}. ${upperFirst(fix)}, or make ${s.name} a native sidecar, which the kubelet stops after the app; stopOrder.sidecarsLast: true in the config does the first for you.`,
          fix: ctx.cfg.stopOrder.sidecarsLast ? RUN_FIX : "stopOrder.sidecarsLast: true"
        },
        s.fieldPath
      );
    }
  }
};

// src/check/rules/sidecar-read-as-app.ts
var sidecarReadAsApp = {
  id: "sidecar-read-as-app",
  severity: "warning",
  needs: ["sidecar"],
  summary: "a sidecar is `containers[0]` of a KEDA ScaledJob, or of a ScaledObject's scale target, with no `envSourceContainerName`, so KEDA's scalers read their `*FromEnv` variables from it, and an app container, not the sidecar, defines them",
  check(ctx, report2) {
    const read2 = sidecarRead(ctx);
    if (!read2) return;
    const sure = read2.missed.length > 0;
    const app = read2.app ?? read2.candidate;
    const vars = sure ? read2.missed : read2.unsure;
    const who = read2.elsewhere ? read2.reader : `${ctx.w.kind} ${ctx.w.ref.name}`;
    const summary = fitted(
      (names) => `${who} reads ${names} from sidecar ${read2.sidecar} (containers[0]), ` + (sure ? `which does not define ${vars.length > 1 ? "them" : "it"}` : `not from app ${app}`),
      vars.map((r) => r.variable)
    );
    report2(
      {
        summary,
        detail: `${reads(ctx, read2)} ${sure ? missedText(read2, app) : unsureText(ctx, read2, app)}`,
        fix: read2.elsewhere ? `${read2.reader}: ${read2.field}: ${app}` : `${read2.field}: ${app}`
      },
      podField(ctx.w, "containers", 0),
      sure ? "warning" : "info"
    );
  }
};
function fitted(say, names) {
  const all = say(names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0]);
  return all.length <= SUMMARY_LENGTH || names.length === 1 ? all : say(`${names[0]} and ${names.length - 1} more`);
}
function reads(ctx, read2) {
  if (read2.elsewhere)
    return `${read2.reader} reads the first container of ${ctx.w.kind} ${ctx.w.ref.name} unless its ${read2.field} names another: ${read2.what}.`;
  return `${ctx.w.kind} reads the first container unless ${read2.field} names another: ${read2.what}.`;
}
var setOn = (read2, app) => read2.elsewhere ? `${read2.field}: ${app} on ${read2.reader}` : `${read2.field}: ${app}`;
var named = (rs) => rs.map((r) => `${r.variable} (${r.at})`).join(", ");
function missedText(read2, app) {
  const also = read2.unsure.length > 0 ? ` ${unsureVars(read2)}` : "";
  const said = `${read2.sidecar} defines no ${named(read2.missed)}; ${app} does.${also} Set ${setOn(read2, app)}.`;
  if (read2.elsewhere) return `${said} fix does not change another object.`;
  if (read2.app) return said;
  const lost = read2.reads.filter((r) => RANK2[read2.gives(app, r.variable)] < RANK2[read2.gives(read2.sidecar, r.variable)]).map((r) => r.variable);
  return `${said} But ${app} does not define ${lost.join(", ")}, which ${read2.sidecar} defines or may (envFrom), so fix leaves the choice to you.`;
}
function unsureText(ctx, read2, app) {
  return `${unsureVars(read2)} If ${read2.elsewhere ? read2.reader : `the ${ctx.w.kind}`} should read ${app}'s env, set ${setOn(read2, app)}.`;
}
function unsureVars(read2) {
  return read2.unsure.map(
    (r) => read2.gives(read2.sidecar, r.variable) === "unknown" ? `${read2.sidecar} may define ${r.variable} (${r.at}) only through envFrom, whose keys the manifest does not show.` : `${read2.sidecar} defines no ${r.variable} (${r.at}); an app container may, through envFrom.`
  ).join(" ");
}

// src/check/rules/sidecar-endpoints-unknown.ts
var sidecarEndpointsUnknown = {
  id: "sidecar-endpoints-unknown",
  severity: "info",
  needs: ["sidecar"],
  summary: "sidecar whose readiness and quit endpoints the input does not show: no gate, no quit call",
  check(ctx, report2) {
    const pod = ctx.w.pod;
    for (const s of findSidecars(ctx.w, ctx.cfg, ctx.facts)) {
      if (!s.note) continue;
      const list2 = s.native ? "initContainers" : "containers";
      report2(
        s.note,
        podField(
          ctx.w,
          list2,
          (pod[list2] ?? []).findIndex((c) => c.name === s.name)
        )
      );
    }
  }
};

// src/check/rules/handled-by-script.ts
var handledByScript = {
  id: "handled-by-script",
  severity: "info",
  needs: ["dependency", "job"],
  summary: "an app runs a script from the input that already ends its sidecars or waits for a dependency: recognised, nothing added",
  check(ctx, report2) {
    for (const h of dependenciesOf(ctx).handled ?? []) {
      const i = (ctx.w.pod.containers ?? []).findIndex((c) => scriptsRun(ctx.w, c, ctx.facts).some((x) => x.from === h.from));
      report2(
        {
          summary: `dependency ${h.dep.name} is already awaited by a script: pod-sequencer adds no wait for it`,
          detail: `The script ${i < 0 ? "" : `${ctx.w.pod.containers[i].name} runs `}(${h.from}) waits for ${describeTarget(h.dep)}, so no ${WAIT_PREFIX}${h.dep.name} init container is added.`
        },
        i < 0 ? podField(ctx.w, "containers") : podField(ctx.w, "containers", i)
      );
    }
    endsSidecars(ctx, report2);
  }
};
function endsSidecars(ctx, report2) {
  const { w, cfg } = ctx;
  if (!w.jobLike) return;
  const classic = findSidecars(w, cfg, ctx.facts).some((s) => !s.native) || meshedSidecars(ctx).some((m) => !m.native);
  if (!classic) return;
  for (const { c, path } of appContainers(w, cfg)) {
    const ours = parseWrapper((c.command ?? []).map(String));
    const own = ours ? { ...c, command: ours.spec.argv } : c;
    const where = whereItEndsItsSidecars(own, scriptsRun(w, own, ctx.facts));
    if (where === void 0 || where === "its command") continue;
    report2(
      {
        summary: `${c.name} runs a script that ends its sidecars: pod-sequencer adds no Job wrapper`,
        detail: `The script ends them (${where}), so this ${w.kind === "Pod" ? "pod" : w.kind} completes as it is.`
      },
      path
    );
  }
}

// src/check/live-rules.ts
var liveRuleInfos = [
  {
    id: "start-order-race",
    severity: "warning",
    summary: "`audit`: an app container restarted after a run that began before its sidecar started, or failed while the sidecar was not ready"
  },
  {
    id: "native-sidecar-stuck-init",
    severity: "error",
    summary: "`audit`: a pod held in Init by a native sidecar that never passed its startup (restarted, or not started for 10 minutes)"
  },
  {
    id: "native-sidecar-stripped",
    severity: "warning",
    summary: "`audit`: the owner's template has a native sidecar (`restartPolicy: Always` init container) that the live pod lacks: a webhook stripped it"
  },
  {
    id: "sequencing-drift",
    severity: "warning",
    summary: "`audit`: a live pod lacks what its owner's template has of pod-sequencer's work (a `seq-*` init container, a Job wrapper, a sidecar before an app)"
  },
  {
    id: "kubelet-sidecar-defect",
    severity: "warning",
    byAnnotation: false,
    summary: "`audit`: a node's kubelet release has a known native-sidecar defect, and pods on it could be hit"
  },
  {
    id: "mutating-webhook-reinvocation",
    severity: "warning",
    byAnnotation: false,
    summary: "`audit`: the mutating webhook chain undoes sequencing: Istio's injector reinvoked (`IfNeeded`), or pod-sequencer's webhook `Never` with webhooks after it"
  },
  {
    id: "admission-webhook-missing",
    severity: "warning",
    byAnnotation: false,
    summary: "`audit`: webhooks add sidecars to pods (their templates lack them) and no pod-sequencer webhook sequences them"
  }
];

// src/check/index.ts
var rules = [
  sidecarNotFirst,
  sidecarNoReadinessGate,
  jobSidecarBlocksCompletion,
  missingEntrypoint,
  initNetworkUnderMesh,
  processNamespaceSharing,
  sleepOrdering,
  nativeUnsupported,
  dependencyNotAwaited,
  initContainerProbeForbidden,
  restartPolicyOnContainer,
  nativeSidecarStartupProbeNever,
  nativeSidecarPrestop,
  prestopExceedsGracePeriod,
  onfailureClassicSidecar,
  istioHoldIgnoredNative,
  nativeSidecarInCustomKind,
  sidecarStopsBeforeApp,
  sidecarReadAsApp,
  // Last: it speaks only where no rule above found anything.
  pendingChange,
  // After pending-change: a note on what the input does not show, never a reason to hide a change.
  sidecarEndpointsUnknown,
  handledByScript
];
var ruleInfos = [
  ...rules,
  {
    id: "invalid-suppression",
    severity: "warning",
    summary: 'a `pod-sequencer.dev/ignore.<rule-id>` annotation names no rule or gives no reason (empty, `"true"`, `"false"`): it suppresses nothing'
  },
  // `check` reports it itself (files/run.ts invalidInput) for a file or document it cannot read,
  // and checks every other file. No workload to annotate, no resource for a baseline entry: only
  // spec.rules changes it (files/commands.ts withLevel).
  {
    id: "invalid-input",
    severity: "error",
    byAnnotation: false,
    summary: "a file or document that cannot be read (malformed YAML, invalid UTF-8, too large, unreadable) or processed (a YAML merge key in a workload): nothing in it was checked"
  },
  // Reported by `pod-sequencer audit` from live objects' status (src/audit/).
  ...liveRuleInfos
];
function leftToController2(ctx) {
  const { w } = ctx;
  const declared = w.viewSidecars ?? findSidecars(w, ctx.cfg, ctx.facts).map((s) => s.name);
  const names = [.../* @__PURE__ */ new Set([...declared, ...meshedSidecars(ctx).map((m) => m.container)])];
  if (names.length === 0) return;
  ctx.report(
    "info",
    {
      summary: `left ${names.join(", ")} to the ${w.kind} controller, which ends its sidecars`,
      detail: `${controllerWhy(w)}. pod-sequencer asks only for start order (mesh annotations on the pod's metadata) and writes no wrapper here.`
    },
    templateField(w) || "spec"
  );
}
function dispatch(list2) {
  const masks = list2.map((r) => maskOf(r.needs));
  return { rules: list2, masks, any: masks.reduce((a, m) => a | m, maskOf(["suppression"])) };
}
var ALL_RULES = dispatch(rules);
var VIEW_RULES = dispatch([pendingChange]);
function dispatchFor(ctx) {
  return ctx.w.view ? VIEW_RULES : ALL_RULES;
}
function rulesCanAct(ctx) {
  return onWindows(ctx.w) || ctx.w.site.sidecarsEndedBy === "controller" || (summaryOf(ctx) & dispatchFor(ctx).any) !== 0;
}
function runRules(ctx) {
  const windows = windowsField(ctx.w);
  if (windows) {
    if (ctx.cfg.mode === "check") ctx.report("warning", windowsNote(ctx.w), podField(ctx.w, windows));
    return;
  }
  if (ctx.w.site.sidecarsEndedBy === "controller") leftToController2(ctx);
  rulesOn(ctx, ctx.cfg.mode === "check" ? "fold" : "all");
}
function rulesOn(ctx, pass) {
  const pod = summaryOf(ctx);
  const { rules: active, masks, any } = dispatchFor(ctx);
  if ((pod & any) === 0) return;
  const suppressed = suppressions(ctx);
  let found = 0;
  let left;
  let rule = active[0];
  let reason;
  const report2 = (said, fieldPath3, own) => {
    let message = said;
    let severity = own ?? rule.severity;
    if (pass === "fold" && FOLDED.has(rule)) {
      left ??= leftAfterFix(ctx);
      const summary = typeof said === "string" ? said : said.summary;
      if (!left.rules.has(rule.id)) [message, severity] = [resolvedByFix(said, severity === "error"), severity === "error" ? "warning" : severity];
      else if (left.said.has(`${rule.id} ${summary}`)) message = withoutRunFix(said);
    }
    if (ctx.cfg.rules[rule.id] !== "off") found++;
    message = afterApply(ctx, message);
    if (reason === void 0) ctx.report(severity, message, fieldPath3, rule.id);
    else ctx.report(severity, message, fieldPath3, rule.id, reason);
  };
  for (let i = 0; i < active.length; i++) {
    if ((pod & masks[i]) === 0) continue;
    rule = active[i];
    if (pass === "left" && !FOLDED.has(rule)) continue;
    reason = suppressed?.get(rule.id);
    rule.check(ctx, report2, found);
  }
}
var FOLDED = new Set(rules.slice(0, rules.indexOf(pendingChange)));
function leftAfterFix(ctx) {
  const fixed = fixedWorkload(ctx);
  if (!fixed) return { rules: new Set(rules.map((r) => r.id)), said: /* @__PURE__ */ new Set() };
  const results = dryRun(ctx).filter((r) => r.tags?.rule !== void 0);
  forgetSummary(fixed);
  if (!windowsField(fixed)) rulesOn(makeCtx(ctx.cfg, fixed, results, ctx.facts), "left");
  return {
    rules: new Set(results.map((r) => r.tags.rule)),
    said: new Set(results.map((r) => `${r.tags.rule} ${r.message}`))
  };
}
function withoutRunFix(m) {
  if (typeof m === "string" || m.fix !== RUN_FIX) return m;
  const { fix: _fix, ...rest } = m;
  return rest;
}
function resolvedByFix(m, lowered) {
  const message = typeof m === "string" ? { summary: m } : m;
  const resolves = `The configured fix resolves it${lowered ? ", so it is a warning here, not an error" : ""}.`;
  return { ...message, detail: message.detail ? `${message.detail} ${resolves}` : resolves, fix: RUN_FIX };
}
function afterApply(ctx, m) {
  if (typeof m === "string" || m.fix !== RUN_FIX) return m;
  if (ctx.cfg.mode === "check" && fixChangesSomething(ctx)) return m;
  const { fix: _fix, ...rest } = m;
  return rest;
}
function suppressions(ctx) {
  let out;
  let ids;
  const own = ctx.w.metadata.annotations;
  const pod = ctx.w.metaPath.length > 1 ? podAnnotations(ctx.w) : void 0;
  for (let k = 0; k < 2; k++) {
    const annotations = k === 0 ? own : pod;
    for (const key in annotations) {
      if (!key.startsWith(IGNORE_PREFIX)) continue;
      const at = k === 0 ? "metadata.annotations" : podMetaField(ctx.w, "annotations");
      const raw = annotations[key];
      const id = key.slice(IGNORE_PREFIX.length);
      ids ??= new Set(ruleInfos.map((r) => r.id));
      const reason = String(raw ?? "").trim();
      const why = !ids.has(id) ? { summary: `annotation ${key} names no rule, so it suppresses nothing`, detail: `Rules: ${[...ids].join(", ")}.` } : reason === "" || reason === "true" || reason === "false" ? {
        summary: `annotation ${key} gives no reason, so it suppresses nothing`,
        detail: 'Write why the rule does not apply here, e.g. "the app retries its connection".'
      } : void 0;
      if (why) ctx.report("warning", why, `${at}[${JSON.stringify(key)}]`, "invalid-suppression");
      else (out ??= /* @__PURE__ */ new Map()).set(id, reason);
    }
  }
  return out;
}

// src/yaml/patch.ts
var import_yaml10 = __toESM(require_dist(), 1);
function patchItem(p) {
  try {
    const patch = new Patch(p);
    const text2 = patch.map(p.before, p.spans.get(p.before), p.after, 0).join("\n") + "\n";
    return MAYBE_ANCHORS.test(p.text) && !keepsAnchors(p.text, text2, p.after) ? void 0 : text2;
  } catch (e) {
    if (e === DECLINE) return void 0;
    throw e;
  }
}
var MAYBE_ANCHORS = /[&*][\w.-]/;
function keepsAnchors(before, after, value) {
  const old = fastParse(before)?.anchors;
  if (old === void 0) return true;
  const now = fastParse(after);
  return now !== void 0 && [...old].every((a) => now.anchors?.has(a)) && deepEqual(now.value, value);
}
var DECLINE = Object.freeze({ decline: true });
function decline() {
  throw DECLINE;
}
var YAML_OPTIONS2 = { lineWidth: 0, flowCollectionPadding: false };
var Patch = class {
  src;
  spans;
  pool = /* @__PURE__ */ new Map();
  /** First entries whose trivia is their collection's, or (a moved first list item) their own. */
  listOwned = /* @__PURE__ */ new Set();
  itemOwned = /* @__PURE__ */ new Set();
  /**
   * yaml's `indentSeq` for the new lists written where the rendering is: the style of the lists
   * of the nearest map being rendered that has one (map()), else the item's own majority.
   */
  indentSeq;
  /** One Document, reused, for the nodes only yaml can write. */
  yamlDoc;
  constructor(p) {
    this.src = p.text;
    this.spans = p.spans;
    this.indentSeq = p.indentSeq;
    const templateOf = /* @__PURE__ */ new Map();
    const shared = /* @__PURE__ */ new Set();
    for (const path of p.poolPaths) {
      const list2 = valueAt2(p.before, path);
      const span = Array.isArray(list2) ? p.spans.get(list2) : void 0;
      if (!span || span.entries.length !== list2.length) continue;
      this.ownFirstTrivia(list2, span, valueAt2(p.after, path));
      const template = JSON.stringify(path.slice(0, -2));
      list2.forEach((old, i) => {
        const name = nameOf(old);
        if (name === void 0) return;
        if ((templateOf.get(name) ?? template) !== template) shared.add(name);
        templateOf.set(name, template);
        if (!this.pool.has(name)) this.pool.set(name, { entry: span.entries[i], old, col: span.col });
      });
    }
    for (const name of shared) this.pool.delete(name);
  }
  /**
   * Comments and blank lines above a collection's first entry are the collection's (yaml keeps
   * them on it), so they stay at its top whatever happens to that entry. Except (sync.ts) when a
   * list's first item is a named map that is no longer first: they go with that item.
   */
  ownFirstTrivia(old, span, value) {
    const first = span.entries[0];
    if (!first || this.listOwned.has(first) || this.itemOwned.has(first)) return;
    const follows = Array.isArray(old) && isPlainObject(old[0]) && !(Array.isArray(value) && value.length > 0 && nameOf(value[0]) === nameOf(old[0]));
    (follows ? this.itemOwned : this.listOwned).add(first);
  }
  /** The collection's own comment and blank lines (above its first entry), moved to column `col`. */
  headTrivia(span, col) {
    const first = span?.entries[0];
    if (!first || !this.listOwned.has(first)) return "";
    return shiftLines(" \n" + this.src.slice(first.lead, lineStart2(this.src, first.at)), col - span.col).slice(2);
  }
  /** A block map's entries as text, at column `col`; each piece is whole lines, without the last '\n'. */
  map(old, span, value, col) {
    const keys2 = Object.keys(value).filter((k) => value[k] !== void 0);
    const kept2 = (span?.entries ?? []).filter((e) => Object.hasOwn(value, e.key) && value[e.key] !== void 0);
    const keptKeys = new Set(kept2.map((e) => e.key));
    const order = [...kept2];
    keys2.forEach((key, i) => {
      if (keptKeys.has(key)) return;
      const next = keys2.slice(i + 1).find((k) => keptKeys.has(k));
      const at = next === void 0 ? -1 : order.findIndex((x) => typeof x !== "string" && x.key === next);
      order.splice(at < 0 ? order.length : at, 0, key);
    });
    if (span) this.ownFirstTrivia(old, span, value);
    const inherited = this.indentSeq;
    this.indentSeq = this.seqStyle(old, span) ?? inherited;
    const pieces = order.map(
      (x) => typeof x === "string" ? this.newPair(x, value[x], col) : this.pair({ entry: x, old: old[x.key], col: span.col }, value[x.key], col)
    );
    this.indentSeq = inherited;
    pieces[0] = this.headTrivia(span, col) + pieces[0];
    return pieces;
  }
  /**
   * How the source's map writes its block lists: indented (`true`) or with `- ` at the key's
   * column, read from its first list; undefined when it has none. A Helm template's own lists
   * and the ones its `toYaml` prints often differ in one document: a new list follows its
   * neighbours, not the document's majority.
   */
  seqStyle(old, span) {
    if (!old || !span) return void 0;
    for (const e of span.entries) {
      const v = e.shape === "nested" ? old[e.key] : void 0;
      const list2 = Array.isArray(v) ? this.spans.get(v) : void 0;
      if (list2) return list2.col > span.col;
    }
    return void 0;
  }
  /** A block sequence's items as text, `- ` at column `col`. */
  seq(old, span, value, col) {
    const used = /* @__PURE__ */ new Set();
    const sourceAt = (i) => {
      used.add(i);
      return { entry: span.entries[i], old: old[i], col: span.col };
    };
    if (span) this.ownFirstTrivia(old, span, value);
    const pieces = value.map((v, i) => {
      const name = nameOf(v);
      let from;
      if (name !== void 0) {
        const at = old && span ? old.findIndex((o, j) => !used.has(j) && nameOf(o) === name) : -1;
        from = at >= 0 ? sourceAt(at) : this.takeFromPool(name);
      } else if (old && span && i < old.length && !used.has(i) && deepEqual(old[i], v)) {
        from = sourceAt(i);
      }
      return from ? this.item(from, v, col) : this.newItem(v, col);
    });
    pieces[0] = this.headTrivia(span, col) + pieces[0];
    return pieces;
  }
  takeFromPool(name) {
    const from = this.pool.get(name);
    this.pool.delete(name);
    return from;
  }
  /** A map entry that exists in the source, now holding `value`, at column `col`. */
  pair(from, value, col) {
    if (deepEqual(from.old, value)) return this.copy(from, col);
    const { entry } = from;
    const head = this.trivia(from, col) + pad(col) + this.src.slice(entry.at, entry.keyEnd);
    return head + this.value(from, value, col, entry.keyEnd);
  }
  /** A list item that exists in the source, now holding `value`, its `-` at column `col`. */
  item(from, value, col) {
    if (deepEqual(from.old, value)) return this.copy(from, col);
    const { entry, old } = from;
    const head = this.trivia(from, col) + pad(col) + "-";
    if (entry.shape === "inline" && isPlainObject(old) && isPlainObject(value) && hasKeys2(value)) {
      const span = this.spans.get(old) ?? decline();
      const mapCol = span.col + col - from.col;
      const [first, ...rest] = this.map(old, span, value, mapCol);
      if (!first.startsWith(pad(mapCol)) || first.charCodeAt(mapCol) === 35) decline();
      return [head + this.src.slice(entry.at + 1, entry.vAt) + first.slice(mapCol), ...rest].join("\n") + this.tail(from, col);
    }
    if (entry.shape === "nested" && isPlainObject(old) && isPlainObject(value) && firstKey(value) !== void 0 && firstKey(value) === firstKey(old)) {
      return head + this.value(from, value, col, entry.at + 1);
    }
    if (entry.shape === "inline" || entry.shape === "nested") decline();
    return head + this.value(from, value, col, entry.at + 1);
  }
  /**
   * The text after an entry's `key:` or `-` (from source offset `after`) for its new value:
   * a nested collection rendered entry by entry, a scalar replaced in place, else new text.
   */
  value(from, value, col, after) {
    const { entry, old } = from;
    const shift = col - from.col;
    const rest = this.src.slice(after, lineEnd2(this.src, after));
    if (entry.shape === "nested" && isPlainObject(old) && isPlainObject(value) && hasKeys2(value)) {
      const span = this.spans.get(old) ?? decline();
      return rest + "\n" + this.map(old, span, value, span.col + shift).join("\n") + this.tail(from, col);
    }
    if (entry.shape === "nested" && Array.isArray(old) && Array.isArray(value) && value.length > 0) {
      const span = this.spans.get(old) ?? decline();
      return rest + "\n" + this.seq(old, span, value, span.col + shift).join("\n") + this.tail(from, col);
    }
    if ((entry.shape === "scalar" || entry.shape === "block") && isScalarValue(old) && isScalarValue(value)) {
      return this.src.slice(after, entry.vAt) + this.scalar(entry, old, value, col);
    }
    if (entry.shape === "flow" && Array.isArray(old) && Array.isArray(value)) return this.flowSeq(from, value, col, after);
    const tail = entry.shape === "scalar" || entry.shape === "flow" ? this.src.slice(entry.vEnd, entry.end) : rest;
    if (tail.trim() !== "") decline();
    return this.emitValue(value, col, entry.shape === "flow");
  }
  /**
   * A flow list, changed: its items that stay in place keep their text (as yaml keeps
   * their nodes); it stays a flow list unless it now holds maps or multi-line strings.
   */
  flowSeq(from, value, col, after) {
    const { entry } = from;
    const old = from.old;
    const span = this.spans.get(old) ?? decline();
    if (value.some((v) => typeof v === "object" && v !== null)) decline();
    if (this.src.slice(entry.vAt, entry.vEnd).includes("\n")) decline();
    const kept2 = (i) => i < old.length && deepEqual(old[i], value[i]) ? this.src.slice(span.entries[i].vAt, span.entries[i].vEnd) : void 0;
    const tail = this.src.slice(entry.vEnd, entry.end);
    if (!needsBlock(value)) {
      const items = value.map((v, i) => kept2(i) ?? this.emitFlowItem(v));
      return shiftLines(this.src.slice(after, entry.vAt), col - from.col) + "[" + items.join(", ") + "]" + tail;
    }
    if (tail.trim() !== "") decline();
    const dash = this.indentSeq ? col + 2 : col;
    return value.map((v, i) => "\n" + (kept2(i) !== void 0 ? pad(dash) + "- " + kept2(i) : this.newItem(v, dash))).join("");
  }
  /** A scalar as an item of a flow list. */
  emitFlowItem(value) {
    const quick = flowScalar(value);
    if (quick !== void 0) return quick;
    const doc = this.doc();
    const seq = doc.createNode([value], { flow: true });
    return this.print(seq).slice(1, -1);
  }
  /** A scalar replaced in place: its quoting style kept (as yaml keeps a node's type), its trailing comment too. */
  scalar(entry, old, value, col) {
    const src = this.src;
    const raw = entry.shape === "scalar" ? src.slice(entry.vAt, entry.vEnd) : "";
    if (raw[0] === "&" || raw[0] === "*") decline();
    if (raw.includes("\n")) decline();
    if (typeof old === "number" && typeof value === "number" && raw !== String(old)) decline();
    const node = new import_yaml10.Scalar(value);
    node.type = typeof value !== "string" ? import_yaml10.Scalar.PLAIN : STYLES[src[entry.vAt]] ?? import_yaml10.Scalar.PLAIN;
    styleScalar(node);
    const text2 = quickScalar(node, col) ?? this.emit(node, col).slice(1);
    if (entry.shape === "block") {
      const header = src.slice(entry.vAt, lineEnd2(src, entry.vAt));
      if (header.includes("#")) decline();
      return text2;
    }
    const tail = src.slice(entry.vEnd, entry.end);
    if (text2.includes("\n") && tail.trim() !== "") decline();
    return text2 + tail;
  }
  /** A new map entry at column `col`. */
  newPair(key, value, col) {
    if (Array.isArray(value) && value.some((v) => nameOf(v) !== void 0 && this.pool.has(nameOf(v)))) {
      return pad(col) + this.emitKey(key) + ":\n" + this.seq(void 0, void 0, value, this.indentSeq ? col + 2 : col).join("\n");
    }
    if (this.usesPool(value)) decline();
    const text2 = new BlockEmitter(this.indentSeq).pair(key, value) ?? this.yamlPair(key, value);
    return pad(col) + reindent(text2, col);
  }
  yamlPair(key, value) {
    const doc = this.doc();
    const map = doc.createNode({});
    map.items.push(doc.createPair(key, createNode(doc, value)));
    return this.print(map);
  }
  /** A new list item, its `-` at column `col`. */
  newItem(value, col) {
    if (this.usesPool(value)) decline();
    return pad(col) + reindent(new BlockEmitter(this.indentSeq).item(value) ?? this.yamlItem(value), col);
  }
  yamlItem(value) {
    const doc = this.doc();
    const seq = doc.createNode([]);
    seq.items.push(createNode(doc, value));
    return this.print(seq);
  }
  /** The text after `key:` for a new value at column `col` (`flow`: the old value was a flow collection). */
  emitValue(value, col, flow) {
    if (this.usesPool(value)) decline();
    const text2 = flow ? void 0 : new BlockEmitter(this.indentSeq).afterKey(value, 0);
    if (text2 !== void 0) return reindent(text2, col);
    const doc = this.doc();
    const node = createNode(doc, value);
    if (flow && !(0, import_yaml10.isScalar)(node) && !(Array.isArray(value) && needsBlock(value))) {
      if (!Array.isArray(value)) decline();
      node.flow = true;
    }
    return this.emit(node, col);
  }
  /** `node` as the value of a map entry at column `col`: the text after the key's `:`. */
  emit(node, col) {
    const doc = this.doc();
    const map = doc.createNode({});
    map.items.push(doc.createPair("k", node));
    return reindent(this.print(map).slice(2), col);
  }
  emitKey(key) {
    if (plainKey(key)) return key;
    const doc = this.doc();
    const map = doc.createNode({});
    map.items.push(doc.createPair(key, null));
    return this.print(map).replace(/:( null)?$/, "");
  }
  /** A collection printed at column 0, without the final newline. */
  print(node) {
    const doc = this.doc();
    doc.contents = node;
    quoteForReaders(node, () => true);
    return doc.toString({ ...YAML_OPTIONS2, indentSeq: this.indentSeq }).slice(0, -1);
  }
  doc() {
    return this.yamlDoc ??= new import_yaml10.Document();
  }
  /** Whether `value` holds a list item that is still in the pool (then it is rendered with it). */
  usesPool(value) {
    if (this.pool.size === 0 || typeof value !== "object" || value === null) return false;
    if (Array.isArray(value)) return value.some((v) => nameOf(v) !== void 0 && this.pool.has(nameOf(v)) || this.usesPool(v));
    return Object.values(value).some((v) => this.usesPool(v));
  }
  /** An unchanged entry, moved to column `col`: its text (and the comments above it) as they are. */
  copy(from, col) {
    const { entry } = from;
    return this.trivia(from, col) + pad(col) + shiftLines(this.src.slice(entry.at, entry.end), col - from.col);
  }
  /** The comment lines that end a nested collection (Entry.tailAt), moved to column `col`; with a leading '\n'. */
  tail(from, col) {
    const { entry } = from;
    if (entry.tailAt < 0) return "";
    return shiftLines("\n" + this.src.slice(entry.tailAt, entry.end), col - from.col);
  }
  /** The comment and blank lines above an entry, moved with it; ends in '\n' unless empty. */
  trivia(from, col) {
    const start = lineStart2(this.src, from.entry.at);
    if (from.entry.lead >= start || this.listOwned.has(from.entry)) return "";
    const text2 = this.src.slice(from.entry.lead, start);
    return col === from.col ? text2 : shiftLines(" \n" + text2, col - from.col).slice(2);
  }
};
function quickScalar(node, col) {
  const { value, type } = node;
  if (type === import_yaml10.Scalar.PLAIN || type === import_yaml10.Scalar.BLOCK_LITERAL) {
    return type === import_yaml10.Scalar.PLAIN || typeof value === "string" && value.includes("\n") ? blockScalar(value, col + 2) : void 0;
  }
  if (typeof value !== "string" || !/^[\x20-\x7e]*$/.test(value)) return void 0;
  if (type === import_yaml10.Scalar.QUOTE_DOUBLE) return `"${value.replace(/[\\"]/g, "\\$&")}"`;
  if (type === import_yaml10.Scalar.QUOTE_SINGLE) return `'${value.replaceAll("'", "''")}'`;
  return void 0;
}
var STYLES = { '"': import_yaml10.Scalar.QUOTE_DOUBLE, "'": import_yaml10.Scalar.QUOTE_SINGLE, "|": import_yaml10.Scalar.BLOCK_LITERAL, ">": import_yaml10.Scalar.BLOCK_FOLDED };
function reindent(text2, col) {
  return col === 0 ? text2 : text2.replace(/\n(?=[^\n])/g, "\n" + pad(col));
}
function shiftLines(text2, by) {
  if (by === 0) return text2;
  if (by > 0) return reindent(text2, by);
  return text2.replace(new RegExp(`\\n {0,${-by}}`, "g"), "\n");
}
function pad(n) {
  return " ".repeat(n);
}
function lineStart2(s, offset) {
  return s.lastIndexOf("\n", offset - 1) + 1;
}
function lineEnd2(s, offset) {
  const nl = s.indexOf("\n", offset);
  return nl < 0 ? s.length : nl;
}
function valueAt2(v, path) {
  for (const key of path) v = typeof key === "number" ? Array.isArray(v) ? v[key] : void 0 : isPlainObject(v) ? v[key] : void 0;
  return v;
}
function firstKey(v) {
  for (const k in v) if (v[k] !== void 0) return k;
  return void 0;
}
function hasKeys2(v) {
  return Object.keys(v).some((k) => v[k] !== void 0);
}
function isScalarValue(v) {
  return v === null || typeof v !== "object";
}

// src/process.ts
var writePath = { textEdits: true, patched: 0, declined: 0 };
var ItemError = class extends FatalError {
  constructor(message, index, offset) {
    super(message);
    this.index = index;
    this.offset = offset;
  }
  index;
  offset;
};
function inItem(index, e) {
  return e instanceof ItemError ? new ItemError(`items[${index}]: ${e.message}`, index, e.offset) : e;
}
function processItems(items, cfg, facts = readFacts(items), hooks = {}) {
  const out = processLevel(items, cfg, facts, hooks);
  for (const p of facts.problems.splice(0)) {
    out.results.push(p.result);
    out.itemOf.push(p.index);
    out.within.push(p.within);
  }
  return out;
}
function processLevel(items, cfg, facts, { refuse, progress } = {}) {
  const out = { replacements: /* @__PURE__ */ new Map(), results: [], itemOf: [], within: [] };
  for (let index = 0; index < items.length; index++) {
    const before = out.results.length;
    try {
      processAt(index, items[index], cfg, facts, out);
    } catch (e) {
      if (!(refuse && e instanceof ItemError)) throw e;
      refuse(e);
      out.results.length = out.itemOf.length = out.within.length = before;
    }
    progress?.(index + 1, items.length);
  }
  return out;
}
function processAt(index, item, cfg, facts, out) {
  const { replacements, results, itemOf, within } = out;
  const list2 = listOf(item);
  if (list2) {
    const sub = inList(index, list2, () => processLevel(list2.items, cfg, facts));
    sub.results.forEach((r, k) => {
      results.push(r);
      itemOf.push(index);
      within.push(`items[${sub.itemOf[k]}].${sub.within[k]}`);
    });
    if (sub.replacements.size > 0) replacements.set(index, forgetListKptIds(writeResourceList(list2, sub.replacements, [])));
    return;
  }
  const sites = sitesFor(item.apiVersion, item.kind, cfg.workloadKinds);
  if (!sites) return;
  const before = results.length;
  let text2;
  try {
    text2 = processItem(item, sites, cfg, results, facts);
  } catch (e) {
    throw inItem(index, e);
  }
  if (text2 !== void 0) replacements.set(index, text2);
  sayNotes(facts, results, before);
  while (itemOf.length < results.length) {
    itemOf.push(index);
    within.push("");
  }
}
function sayNotes(facts, results, from) {
  if (!facts.notes) return;
  const about = results.slice(from).find((r) => r.resourceRef);
  for (const [setting, note] of facts.notes) {
    if (note.said) continue;
    note.said = true;
    results.push({
      severity: "info",
      ...fromMessage(note.message),
      // Not a change (a second run says it again where the same decision rests on it): tagged so.
      tags: { assumed: setting },
      ...about?.resourceRef ? { resourceRef: about.resourceRef } : {},
      ...about?.file ? { file: about.file } : {}
    });
  }
}
var lists = /* @__PURE__ */ new WeakMap();
function listOf(item) {
  if (!isListKind(item.kind) || item.kind === "ResourceList") return void 0;
  let list2 = lists.get(item);
  if (list2 === void 0) {
    try {
      list2 = readResourceList(item.text);
    } catch (e) {
      if (!(e instanceof FatalError)) throw e;
      list2 = null;
    }
    lists.set(item, list2);
  }
  return list2 ?? void 0;
}
function inList(index, list2, fn) {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof ItemError)) throw e;
    const sub = list2.items[e.index];
    const offset = sub && e.offset !== void 0 ? sourceOffset(list2.source, sub, e.offset) : void 0;
    throw new ItemError(`items[${index}].${e.message}`, index, offset);
  }
}
function forgetListKptIds(text2) {
  const lines = text2.split("\n");
  const meta = lines.findIndex((l) => /^metadata:\s*$/.test(l));
  if (meta < 0) return text2;
  const indentOf2 = (l) => l.length - l.trimStart().length;
  let ann = -1;
  for (let i = meta + 1; i < lines.length && (lines[i] === "" || indentOf2(lines[i]) > 0); i++) {
    if (ann < 0 && /^\s+annotations:\s*$/.test(lines[i])) ann = i;
    else if (ann >= 0 && indentOf2(lines[i]) <= indentOf2(lines[ann])) break;
    else if (ann >= 0 && KPT_IDS.some((k) => lines[i].trimStart().startsWith(`${k}:`))) lines[i] = "\0";
  }
  return lines.filter((l) => l !== "\0").join("\n");
}
function readFacts(items, facts = noFacts(), list2) {
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const inner = listOf(item);
    if (inner) readFacts(inner.items, facts, placeIn(list2, index));
    if (item.apiVersion !== "v1") {
      const reader = envReaderOf(item.apiVersion, item.kind);
      if (reader) (facts.envReaders ??= new EnvReaders()).add(reader, () => fastParse(item.text)?.value ?? toValue(parseDocument(item.text)));
      continue;
    }
    if (item.kind === "ConfigMap") {
      const at = placeIn(list2, index);
      facts.configMaps.add(() => checkedFact(facts, at, fastParse(item.text)?.value ?? parseDocument(item.text).toJS({ maxAliasCount: MAX_ALIASES })));
    } else if (item.kind === "Service") {
      item.takeValue?.();
      const at = placeIn(list2, index);
      facts.services.add(() => checkedFact(facts, at, fastParse(item.text)?.value ?? toValue(parseDocument(item.text))));
    } else if (item.kind === "Namespace") readNamespace(item, facts, index, placeIn(list2, index));
  }
  return facts;
}
function placeIn(list2, index) {
  return list2 ? { index: list2.index, within: `${list2.within}items[${index}].` } : { index, within: "" };
}
function readNamespace(item, facts, index, at) {
  let obj;
  try {
    obj = item.takeValue?.() ?? toValue(parseDocument(item.text));
  } catch (e) {
    throw inItem(index, e);
  }
  const meta = checkedFact(facts, at, obj)?.metadata;
  if (typeof meta?.name === "string") facts.namespaces.set(meta.name, { labels: meta.labels ?? {}, annotations: meta.annotations ?? {} });
}
function checkedFact(facts, at, obj) {
  if (!isObject3(obj)) return obj;
  const kind2 = String(obj.kind);
  const bad = objectProblem(obj, FACT_KINDS[kind2]);
  if (!bad) return obj;
  const meta = isObject3(obj.metadata) ? obj.metadata : {};
  const ref = { apiVersion: "v1", kind: kind2, name: typeof meta.name === "string" ? meta.name : "" };
  if (typeof meta.namespace === "string") ref.namespace = meta.namespace;
  const path = dotted(bad.path);
  const file = isObject3(meta.annotations) ? fileOf(meta.annotations) : void 0;
  const result = {
    severity: "error",
    message: `${path}: ${bad.text}; this ${kind2} is not read (${FACT_USE[kind2]})`,
    resourceRef: ref,
    field: { path }
  };
  if (file) result.file = file;
  facts.problems.push({ ...at, result });
  return null;
}
var FACT_USE = {
  Namespace: "its labels and annotations say nothing about mesh injection into its workloads",
  ConfigMap: "no container is seen to load a file from it",
  Service: "no workload is seen to be behind it"
};
function workloadsOf(obj, sites) {
  const out = [];
  for (let s = 0; s < sites.length; s++) {
    const site = sites[s];
    const paths = expand(obj, site.steps);
    for (let p = 0; p < paths.length; p++) {
      const w = makeWorkload(obj, paths[p], site);
      if (w) out.push(w);
    }
  }
  return out;
}
var NONE = [];
function processItem(item, sites, cfg, results, facts = noFacts()) {
  const parsed2 = item.takeValue?.();
  const fast = parsed2 ? { value: parsed2 } : fastParse(item.text);
  const doc = fast ? void 0 : parseItem(item.text);
  const obj = fast ? fast.value : toValue(doc);
  if (!isObject3(obj)) return void 0;
  const workloads = workloadsOf(obj, sites);
  const ready = [];
  let checked;
  for (let i = 0; i < workloads.length; i++) {
    const w = workloads[i];
    if (!isSelected(w, cfg)) continue;
    if (VERIFY && cfg.mode === "apply") checked ??= structuredClone(obj);
    const unnamedOk = allowsUnnamed(w);
    const bad = shapeProblem2(w, unnamedOk) ?? (!fast && item.text.includes("<<") ? mergeKey(obj, []) : void 0) ?? (doc ? nonStringKey(doc) : void 0);
    if (bad) {
      makeCtx(cfg, w, results, facts).report("error", `${dotted(bad.path)}: ${bad.text}; this ${w.kind} is left as it is`, dotted(bad.path));
      continue;
    }
    const unnamed = unnamedOk ? nameUnnamed(w) : NONE;
    if (idle({ cfg, w, facts })) {
      unname(unnamed);
      continue;
    }
    ready.push({ w, unnamed });
  }
  if (ready.length === 0) return void 0;
  const start = results.length;
  const first = ready[0].w;
  try {
    return sequenceItem(ready, { item, fast: fast !== void 0, parsed: parsed2 !== void 0, doc, checked }, obj, cfg, results, facts);
  } catch (e) {
    if (e instanceof ItemError) {
      results.length = start;
      makeCtx(cfg, first, results, facts).report("error", `${e.message}; this ${first.kind} is left as it is`);
      return void 0;
    }
    if (e instanceof FatalError || VERIFY) throw e;
    results.length = start;
    makeCtx(cfg, first, results, facts).report(
      "error",
      `internal error while processing this ${first.kind} (${e.message}); it is left as it is. Please report this with the input that caused it`
    );
    return void 0;
  }
}
function allowsUnnamed(w) {
  if (w.site.namesOptional === true) return true;
  return w.site.origin !== "builtin" && allowsUnnamedContainers(w.ref.apiVersion, w.kind);
}
function dotted(path) {
  return path.map((p) => typeof p === "number" ? `[${p}]` : `.${p}`).join("").slice(1);
}
function sequenceItem(ready, src, obj, cfg, results, facts) {
  const { item, fast, parsed: parsed2, doc, checked } = src;
  const original = new Reread(item, fast, parsed2);
  const valueBefore = () => original.get().value;
  let acted = false;
  let blocked = false;
  for (let i = 0; i < ready.length; i++) {
    const { w, unnamed } = ready[i];
    const start = results.length;
    const ctx = makeCtx(cfg, w, results, facts);
    const changed = cfg.mode === "apply" && sequenceWorkload(ctx, valueBefore);
    runRules(ctx);
    if (results.length > start) settlePaths(w, results, start);
    if (unnamed.length === 0) {
      acted ||= changed;
      continue;
    }
    const places = unnamed.map((c) => c.name).join(", ");
    unname(unnamed);
    const podBefore = w.view ? original.get().value : getPath(original.get().value, [...w.templatePath, "spec"]);
    if (changed && !deepEqual(podBefore, w.view ? obj : w.pod)) {
      blocked = true;
      results.splice(start, results.length - start, ...results.slice(start).filter((r) => !isChange(r)));
      ctx.report(
        "error",
        `pod-sequencer would change this ${w.kind}, but ${places} ${unnamed.length > 1 ? "have" : "has"} no name, and its changes name the containers they act on: give ${unnamed.length > 1 ? "each" : "it"} a name (Knative names one user-container); this ${w.kind} is left as it is`,
        podField(w, "containers")
      );
    } else acted ||= changed;
  }
  if (blocked) return void 0;
  if (!acted) {
    if (checked && !deepEqual(checked, obj))
      throw new Error(`${ready[0].w.kind} ${ready[0].w.ref.name} was changed without a result: every change must be reported`);
    return void 0;
  }
  const before = original.get();
  if (deepEqual(before.value, obj)) return void 0;
  forgetKptIds(obj);
  if (item.valueOut) return item.valueOut(obj), "";
  const text2 = item.text;
  const workloads = ready.map((r) => r.w);
  if (before.spans && writePath.textEdits) {
    const poolPaths = workloads.flatMap((w) => ["initContainers", "containers"].map((l) => [...w.templatePath, "spec", l]));
    const patched = patchItem({ text: text2, spans: before.spans, before: before.value, after: obj, poolPaths, indentSeq: !compactSequences(text2) });
    if (patched) return writePath.patched++, patched;
    writePath.declined++;
  }
  return writeDocument(
    doc ?? parseItem(text2),
    text2,
    before.value,
    obj,
    workloads.map((w) => w.templatePath)
  );
}
function idle(pod) {
  return (pod.cfg.mode !== "apply" || !stepsCanAct(pod)) && !rulesCanAct(pod);
}
function unname(unnamed) {
  for (let i = 0; i < unnamed.length; i++) delete unnamed[i].name;
}
var VERIFY = process.env.POD_SEQUENCER_VERIFY === "1";
var Reread = class {
  constructor(item, fast, plainText) {
    this.item = item;
    this.fast = fast;
    this.plainText = plainText;
  }
  item;
  fast;
  plainText;
  made;
  get() {
    if (this.made) return this.made;
    if (this.item.valueBefore) return this.made = { value: this.item.valueBefore() };
    const spans = /* @__PURE__ */ new Map();
    const value = this.fast ? fastParse(this.item.text, 0, spans, this.plainText)?.value : void 0;
    this.made = value ? { value, spans } : { value: toValue(parseItem(this.item.text)) };
    return this.made;
  }
};
function writeDocument(doc, text2, before, obj, templates) {
  syncItem(doc, before, obj, templates);
  if (!text2.includes("*") || readsAs(doc, obj)) return serialize(doc, text2);
  const expanded2 = parseItem(text2);
  expandAliases(expanded2, Math.max(65536, text2.length));
  syncItem(expanded2, before, obj, templates);
  return serialize(expanded2, text2);
}
function syncItem(doc, before, obj, templates) {
  const olds = { value: before, pool: /* @__PURE__ */ new Map(), holders: /* @__PURE__ */ new Set() };
  const lists2 = new Set(templates.flatMap((t) => ["initContainers", "containers"].map((l) => valueAt3(obj, [...t, "spec", l]))).filter(Array.isArray));
  const pool = /* @__PURE__ */ new Map();
  const shared = /* @__PURE__ */ new Set();
  for (const t of templates) containerPool(doc, t, olds, pool, shared);
  for (const name of shared) pool.delete(name);
  syncDocument(doc, obj, pool, olds, lists2);
}
function readsAs(doc, value) {
  try {
    return deepEqual(doc.toJS({ maxAliasCount: MAX_ALIASES }), value);
  } catch {
    return false;
  }
}
var KPT_IDS = ["internal.config.kubernetes.io/id", "config.k8s.io/id"];
function forgetKptIds(obj) {
  const annotations = obj.metadata?.annotations;
  if (annotations) for (const key of KPT_IDS) delete annotations[key];
}
function parseItem(text2) {
  const doc = parseDocument(text2, { uniqueKeys: true });
  if (doc.errors[0]) throw new FatalError(`malformed YAML: ${doc.errors[0].message.split("\n")[0]}`, doc.errors[0].linePos?.[0]);
  return doc;
}
function mergeKey(v, path) {
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const found = mergeKey(x, [...path, i]);
      if (found) return found;
    }
  } else if (isObject3(v)) {
    if (Object.hasOwn(v, "<<")) return { path: [...path, "<<"], text: "YAML merge keys are not supported in workloads: write the merged keys out" };
    for (const [k, x] of Object.entries(v)) {
      const found = mergeKey(x, [...path, k]);
      if (found) return found;
    }
  }
  return void 0;
}
function nonStringKey(doc) {
  let found;
  (0, import_yaml11.visit)(doc, {
    Pair: (_, pair, ancestors) => {
      const key = pair.key;
      if ((0, import_yaml11.isScalar)(key) && typeof key.value === "string") return void 0;
      const what = (0, import_yaml11.isScalar)(key) ? key.value === null ? "a null key" : `the ${typeof key.value} key ${String(key.value)}` : "a collection as a key";
      const path = pathOf(ancestors);
      found = { path, text: `${what}: keys in workloads must be strings, as Kubernetes reads them (quote it)` };
      return import_yaml11.visit.BREAK;
    }
  });
  return found;
}
function pathOf(ancestors) {
  const path = [];
  for (let i = 1; i < ancestors.length; i++) {
    const up = ancestors[i - 1];
    const here = ancestors[i];
    if ((0, import_yaml11.isSeq)(up)) path.push(up.items.indexOf(here));
    else if ((0, import_yaml11.isPair)(here) && (0, import_yaml11.isScalar)(here.key)) path.push(String(here.key.value));
  }
  return path;
}
function toValue(doc) {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    if (!(e instanceof ReferenceError)) throw e;
    const anchors2 = /* @__PURE__ */ new Set();
    let first;
    let dangling;
    (0, import_yaml11.visit)(doc, (_, n) => {
      if (!(0, import_yaml11.isAlias)(n)) return void (n.anchor && anchors2.add(n.anchor));
      first ??= n;
      if (!anchors2.has(n.source)) return dangling = n, import_yaml11.visit.BREAK;
      return void 0;
    });
    if (dangling) {
      const why = `alias *${dangling.source} has no anchor before it in this item; pod-sequencer edits each item on its own: write the value out (or move the anchor into the item)`;
      throw new ItemError(why, -1, dangling.range?.[0]);
    }
    throw new ItemError(`its aliases expand to more than ${MAX_ALIASES} nodes; refusing a possible alias bomb: write the values out`, -1, first?.range?.[0]);
  }
}
function expandAliases(doc, limit) {
  const anchors2 = /* @__PURE__ */ new Map();
  let added = 0;
  (0, import_yaml11.visit)(doc, (_, n) => {
    if (!(0, import_yaml11.isAlias)(n)) {
      if (n.anchor) anchors2.set(n.anchor, n);
      return void 0;
    }
    const copy = anchors2.get(n.source)?.clone();
    if (!copy) return void 0;
    (0, import_yaml11.visit)(copy, (_k, m) => {
      m.anchor = void 0;
      added += (0, import_yaml11.isScalar)(m) ? String(m.value).length + 1 : 1;
    });
    if (added > limit) throw new ItemError(`its aliases expand to more than ${limit} characters when written out: write the values out`, -1, n.range?.[0]);
    return copy;
  });
}
function containerPool(doc, templatePath, olds, pool, shared) {
  const mine = /* @__PURE__ */ new Set();
  for (const list2 of ["initContainers", "containers"]) {
    const path = [...templatePath, "spec", list2];
    const seq = doc.getIn(path, true);
    if (!(0, import_yaml11.isSeq)(seq)) continue;
    for (let i = 0; i <= path.length; i++) {
      const holder = i === 0 ? doc.contents : doc.getIn(path.slice(0, i), true);
      if (holder && typeof holder === "object") olds.holders.add(holder);
    }
    const before = valueAt3(olds.value, path);
    const aligned = Array.isArray(before) && before.length === seq.items.length;
    seq.items.forEach((node, i) => {
      const name = nodeName(doc, node);
      if (typeof name === "string" && pool.has(name) && !mine.has(name)) shared.add(name);
      if (typeof name === "string") mine.add(name);
      if (typeof name === "string" && !pool.has(name)) {
        pool.set(name, node);
        if (aligned) olds.pool.set(node, before[i]);
      }
    });
  }
}
function valueAt3(v, path) {
  for (const key of path) {
    if (typeof key === "number") {
      if (!Array.isArray(v) || key >= v.length) return void 0;
      v = v[key];
    } else {
      if (!isObject3(v) || !Object.hasOwn(v, key)) return void 0;
      v = v[key];
    }
  }
  return v;
}
function serialize(doc, source) {
  skipTagScan(doc);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, indent: indentWidth(source), indentSeq: !compactSequences(source) });
}
function skipTagScan(doc) {
  const dir = doc.directives;
  if (!dir || dir.yaml.explicit) return;
  const tags = Object.entries(dir.tags);
  if (tags.length === 1 && tags[0][0] === "!!" && tags[0][1] === "tag:yaml.org,2002:") dir.toString = () => "";
}
function compactSequences(text2) {
  let weight = 0;
  let first = 0;
  for (let p = 0; p < text2.length; ) {
    const eol = lineEnd3(text2, p);
    const keyCol = indentOf(text2, p, eol);
    const c = text2.charCodeAt(p + keyCol);
    if (p + keyCol < eol - 1 && c !== 35 && c !== 45 && !isSpace(c) && text2.charCodeAt(eol - 1) === 58 && eol < text2.length) {
      let q = eol + 1;
      while (q < text2.length && isCommentLine(text2, q)) q = lineEnd3(text2, q) + 1;
      const dashCol = q < text2.length ? indentOf(text2, q, lineEnd3(text2, q)) : -1;
      if (dashCol >= 0 && text2.startsWith("- ", q + dashCol)) {
        const style = keyCol === dashCol ? 1 : -1;
        weight += style * blockLines(text2, q + dashCol, keyCol);
        first ||= style;
        p = lineEnd3(text2, q) + 1;
        continue;
      }
    }
    p = eol + 1;
  }
  return weight === 0 ? first >= 0 : weight > 0;
}
function blockLines(text2, from, col) {
  let n = 1;
  for (let p = lineEnd3(text2, from) + 1; p < text2.length; n++) {
    const eol = lineEnd3(text2, p);
    const ind = indentOf(text2, p, eol);
    const c = text2.charCodeAt(p + ind);
    const deeper = ind > col || ind === col && c === 45 && text2.charCodeAt(p + ind + 1) === 32 || c === 35 || p + ind === eol;
    if (!deeper) break;
    p = eol + 1;
  }
  return n;
}
function lineEnd3(text2, p) {
  const nl = text2.indexOf("\n", p);
  return nl < 0 ? text2.length : nl;
}
function indentOf(text2, p, eol) {
  let i = p;
  while (i < eol && text2.charCodeAt(i) === 32) i++;
  return i - p;
}
function isSpace(c) {
  return c === 32 || c >= 9 && c <= 13 || c > 127 && /\s/.test(String.fromCharCode(c));
}
function isCommentLine(text2, p) {
  const eol = lineEnd3(text2, p);
  return eol < text2.length && text2.charCodeAt(p + indentOf(text2, p, eol)) === 35;
}
function indentWidth(text2) {
  const m = /^( *)[^\s#-][^\n]*:\n(?: *#[^\n]*\n)*( *)[^\s#-]/m.exec(text2);
  const width = m ? m[2].length - m[1].length : 2;
  return width >= 1 && width <= 8 ? width : 2;
}

// src/run.ts
function runFilter(stdin, opts = {}) {
  const { text: text2, crlf } = normalizeInput(stdin);
  let input;
  try {
    input = readResourceList(text2);
    const { config, errors } = loadConfig(opts.config !== void 0 ? opts.config : input.functionConfig);
    if (errors.length > 0) return failed(errors);
    const processed = processItems(input.items, config, void 0, opts.progress ? { progress: opts.progress } : {});
    const { replacements } = processed;
    const results = processed.results.filter((r) => !isSuppressed(r));
    const stdout = restoreLineEndings(writeResourceList(input, replacements, results.map(wireResult)), crlf);
    const stderr = fromKpt(text2) ? [] : results.map(formatResult);
    return { stdout, stderr, exitCode: failsOn(results, opts.failOn ?? config.check.failOn) ? 1 : 0, results };
  } catch (e) {
    if (e instanceof ItemError && input) return failed([{ severity: "error", message: itemErrorMessage(input, e) }]);
    if (e instanceof FatalError) return failed([{ severity: "error", message: e.message }]);
    throw e;
  }
}
function fromKpt(text2) {
  const has3 = (key, line) => text2.includes(key) && line.test(text2);
  return has3("internal.config.kubernetes.io/path: ", /(?:^\s+|[{,] *)internal\.config\.kubernetes\.io\/path: /m) && !has3("kustomize.config.k8s.io/id: ", /(?:^\s+|[{,] *)kustomize\.config\.k8s\.io\/id: /m);
}
function failed(results) {
  return { stdout: "", stderr: results.map(formatResult), exitCode: 1, results };
}
function itemErrorMessage(input, e) {
  const pos = itemPosition(input, e);
  const from = origin(input.items[e.index]?.text ?? "");
  if (!from) return new FatalError(e.message, pos).message;
  const where = pos ? ` (line ${pos.line}, column ${pos.col} of the ResourceList it came in)` : "";
  return `${from}: ${e.message.replace(/^items\[\d+\]: /, "")}${where}`;
}
function itemPosition(input, e) {
  const item = input.items[e.index];
  if (!item || e.offset === void 0) return void 0;
  return new LineIndex(input.source).linePos(sourceOffset(input.source, item, e.offset));
}

// src/index.ts
var ConfigError = class extends Error {
  results;
  constructor(results) {
    super(`pod-sequencer: invalid config:
${results.map((r) => `  ${formatResult(r)}`).join("\n")}`);
    this.name = "ConfigError";
    this.results = results;
  }
};
function sequence(manifests, config) {
  if (!Array.isArray(manifests)) throw new TypeError("sequence(manifests): manifests must be an array of Kubernetes objects");
  const items = manifests.map((m, i) => {
    if (typeof m !== "object" || m === null || Array.isArray(m)) throw new TypeError(`sequence(manifests): manifests[${i}] is not an object`);
    const o = m;
    return {
      // No anchors: a manifest that shares sub-objects must still come back as plain YAML.
      text: stringifyForReaders(m, { aliasDuplicateObjects: false, lineWidth: 0 }),
      kind: typeof o.kind === "string" ? o.kind : void 0,
      apiVersion: typeof o.apiVersion === "string" ? o.apiVersion : void 0
    };
  });
  const { config: cfg, errors } = loadConfig(config ?? void 0);
  if (errors.length > 0) throw new ConfigError(errors);
  const { replacements, results } = processItems(items, cfg);
  const out = manifests.map((m, i) => {
    const text2 = replacements.get(i);
    return text2 === void 0 ? m : parseDocument(text2).toJS({ maxAliasCount: MAX_ALIASES });
  });
  return { manifests: out, results };
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  ConfigError,
  runFilter,
  sequence
});
