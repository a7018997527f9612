// Fixtures: boxes, circles, convex hulls split into Box2D polygons, two-sided edges, filtering.
#include "Internal.hpp"
#include <algorithm>

using namespace cb2;

namespace {

struct P { double x, y; };

double cross(const P &o, const P &a, const P &b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Andrew's monotone chain; counter-clockwise in Box2D's frame, collinear points dropped.
std::vector<P> hull(std::vector<P> pts) {
    std::sort(pts.begin(), pts.end(), [](const P &a, const P &b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    if (pts.size() < 3) return {};
    std::vector<P> h(2 * pts.size());
    size_t k = 0;
    for (size_t i = 0; i < pts.size(); ++i) {
        while (k >= 2 && cross(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
        h[k++] = pts[i];
    }
    for (size_t i = pts.size() - 1, t = k + 1; i > 0; --i) {
        while (k >= t && cross(h[k - 2], h[k - 1], pts[i - 1]) <= 0) --k;
        h[k++] = pts[i - 1];
    }
    h.resize(k - 1);
    return h;
}

// Drops hull vertices closer than Box2D's weld distance or that make a near-straight corner.
std::vector<P> weld(const std::vector<P> &in) {
    const double minDistance = 0.6 * b2_linearSlop;
    std::vector<P> outPts;
    for (const P &p : in) {
        if (!outPts.empty() && std::hypot(p.x - outPts.back().x, p.y - outPts.back().y) < minDistance) continue;
        outPts.push_back(p);
    }
    while (outPts.size() > 1 &&
           std::hypot(outPts.front().x - outPts.back().x, outPts.front().y - outPts.back().y) < minDistance) {
        outPts.pop_back();
    }
    bool changed = true;
    while (changed && outPts.size() >= 3) {
        changed = false;
        for (size_t i = 0; i < outPts.size(); ++i) {
            const P &a = outPts[(i + outPts.size() - 1) % outPts.size()];
            const P &b = outPts[i];
            const P &c = outPts[(i + 1) % outPts.size()];
            double len = std::hypot(c.x - a.x, c.y - a.y);
            if (len <= 0 || cross(a, b, c) / len < 0.05 * b2_linearSlop) {
                outPts.erase(outPts.begin() + static_cast<long>(i));
                changed = true;
                break;
            }
        }
    }
    return outPts.size() >= 3 ? outPts : std::vector<P>{};
}

double area(const std::vector<P> &poly) {
    double sum = 0;
    for (size_t i = 0; i < poly.size(); ++i) {
        const P &a = poly[i];
        const P &b = poly[(i + 1) % poly.size()];
        sum += a.x * b.y - b.x * a.y;
    }
    return 0.5 * sum;
}

b2FixtureDef fixtureDef(const b2Shape *shape, cb2_material m) {
    b2FixtureDef def;
    def.shape = shape;
    def.density = clampNonNegative(m.density);
    def.friction = clampNonNegative(m.friction);
    def.restitution = clampNonNegative(m.restitution);
    def.restitutionThreshold = 0.01f;  // 1 pt/s: UIKit items bounce even when slow
    return def;
}

bool canEdit(const cb2_body *body) { return live(body) && !body->world->world.IsLocked(); }

}  // namespace

extern "C" int32_t cb2_body_add_box(cb2_body *body, double hw, double hh, cb2_material material) {
    if (!canEdit(body) || !isFinite(hw, hh) || hw <= 0 || hh <= 0) return 0;
    b2PolygonShape shape;
    shape.SetAsBox(static_cast<float>(hw), static_cast<float>(hh));
    b2FixtureDef def = fixtureDef(&shape, material);
    body->body->CreateFixture(&def);
    return 1;
}

extern "C" int32_t cb2_body_add_circle(cb2_body *body, double radius, cb2_material material) {
    if (!canEdit(body) || !isFinite(radius) || radius <= 0) return 0;
    b2CircleShape shape;
    shape.m_radius = static_cast<float>(radius);
    b2FixtureDef def = fixtureDef(&shape, material);
    body->body->CreateFixture(&def);
    return 1;
}

extern "C" int32_t cb2_body_add_convex_hull(cb2_body *body, const double *xy, int32_t count, cb2_material material) {
    if (!canEdit(body) || xy == nullptr || count < 3) return 0;
    std::vector<P> pts;
    for (int32_t i = 0; i < count; ++i) {
        if (!isFinite(xy[2 * i], xy[2 * i + 1])) return 0;
        pts.push_back(P{xy[2 * i], xy[2 * i + 1]});
    }
    std::vector<P> poly = weld(hull(pts));
    if (poly.size() < 3 || area(poly) < 1e-6) return 0;
    // A fan of sub-polygons sharing vertex 0, each at most b2_maxPolygonVertices vertices.
    int32_t added = 0;
    size_t start = 1;
    while (start + 1 < poly.size()) {
        size_t end = std::min(start + static_cast<size_t>(b2_maxPolygonVertices) - 2, poly.size() - 1);
        std::vector<P> piece{poly[0]};
        for (size_t i = start; i <= end; ++i) piece.push_back(poly[i]);
        if (area(piece) >= 1e-6) {
            b2Vec2 vs[b2_maxPolygonVertices];
            for (size_t i = 0; i < piece.size(); ++i) vs[i] = vec(piece[i].x, piece[i].y);
            b2PolygonShape shape;
            shape.Set(vs, static_cast<int32>(piece.size()));
            b2FixtureDef def = fixtureDef(&shape, material);
            body->body->CreateFixture(&def);
            ++added;
        }
        start = end;
    }
    return added;
}

extern "C" int32_t cb2_body_add_edge(cb2_body *body, double x1, double y1, double x2, double y2, cb2_material material) {
    if (!canEdit(body) || !isFinite(x1, y1) || !isFinite(x2, y2)) return 0;
    if (std::hypot(x2 - x1, y2 - y1) < b2_linearSlop) return 0;
    b2EdgeShape shape;
    shape.SetTwoSided(vec(x1, y1), vec(x2, y2));
    b2FixtureDef def = fixtureDef(&shape, material);
    body->body->CreateFixture(&def);
    return 1;
}

extern "C" int32_t cb2_body_fixture_count(const cb2_body *body) {
    if (!live(body)) return 0;
    int32_t count = 0;
    for (const b2Fixture *f = body->body->GetFixtureList(); f != nullptr; f = f->GetNext()) ++count;
    return count;
}

extern "C" void cb2_body_set_material(cb2_body *body, cb2_material material) {
    if (!canEdit(body)) return;
    for (b2Fixture *f = body->body->GetFixtureList(); f != nullptr; f = f->GetNext()) {
        f->SetDensity(clampNonNegative(material.density));
        f->SetFriction(clampNonNegative(material.friction));
        f->SetRestitution(clampNonNegative(material.restitution));
    }
    // Contacts mix friction and restitution when created; refresh the ones already touching.
    for (b2ContactEdge *edge = body->body->GetContactList(); edge != nullptr; edge = edge->next) {
        edge->contact->ResetFriction();
        edge->contact->ResetRestitution();
    }
}

extern "C" void cb2_body_destroy_fixtures(cb2_body *body) {
    if (!canEdit(body)) return;
    while (b2Fixture *f = body->body->GetFixtureList()) body->body->DestroyFixture(f);
}

extern "C" void cb2_body_set_collision_groups(cb2_body *body, uint64_t items_mask, uint64_t boundaries_mask, uint64_t owner_bits) {
    if (body == nullptr) return;
    bool changed = body->items_mask != items_mask || body->boundaries_mask != boundaries_mask || body->owner_bits != owner_bits;
    body->items_mask = items_mask;
    body->boundaries_mask = boundaries_mask;
    body->owner_bits = owner_bits;
    if (!changed || !canEdit(body)) return;
    for (b2Fixture *f = body->body->GetFixtureList(); f != nullptr; f = f->GetNext()) f->Refilter();
}
