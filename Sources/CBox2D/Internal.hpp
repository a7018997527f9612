// Internal structs behind the opaque CBox2D handles. Not part of the public header.
#ifndef CBOX2D_INTERNAL_HPP
#define CBOX2D_INTERNAL_HPP

#include "CBox2D.h"
#include <box2d/box2d.h>
#include <cmath>
#include <vector>

struct cb2_body {
    cb2_world *world = nullptr;
    b2Body *body = nullptr;  // null once the world is gone
    uint64_t tag = 0;
    uint64_t items_mask = 1;
    uint64_t boundaries_mask = 1;
    uint64_t owner_bits = 0;
};

struct cb2_joint {
    cb2_world *world = nullptr;
    b2Joint *joint = nullptr;  // null once Box2D destroyed it (with a body) or the world is gone
};

namespace cb2 {

// Finite in float too: Box2D stores floats, and an overflow to infinity would trip its asserts later.
inline bool isFinite(double v) { return std::isfinite(v) && std::fabs(v) < 1e30; }
inline bool isFinite(double a, double b) { return isFinite(a) && isFinite(b); }
inline float clampNonNegative(double v) { return (isFinite(v) && v > 0.0) ? static_cast<float>(v) : 0.0f; }
inline b2Vec2 vec(double x, double y) { return b2Vec2(static_cast<float>(x), static_cast<float>(y)); }
inline cb2_vec2 out(const b2Vec2 &v) { return cb2_vec2{v.x, v.y}; }
inline cb2_body *owner(const b2Body *body) { return reinterpret_cast<cb2_body *>(const_cast<b2Body *>(body)->GetUserData().pointer); }
inline bool live(const cb2_body *b) { return b != nullptr && b->body != nullptr; }
inline bool live(const cb2_joint *j) { return j != nullptr && j->joint != nullptr; }

// Records begin/end transitions during a step; the Swift side drains them afterwards.
class ContactRecorder final : public b2ContactListener {
public:
    std::vector<cb2_contact_event> events;
    void BeginContact(b2Contact *contact) override;
    void EndContact(b2Contact *contact) override;
    void PreSolve(b2Contact *contact, const b2Manifold *oldManifold) override;
};

// Group-mask filtering described in CBox2D.h.
class GroupFilter final : public b2ContactFilter {
public:
    bool ShouldCollide(b2Fixture *a, b2Fixture *b) override;
};

// Nulls a joint handle when Box2D destroys the joint together with one of its bodies.
class JointGoodbye final : public b2DestructionListener {
public:
    void SayGoodbye(b2Joint *joint) override;
    void SayGoodbye(b2Fixture *) override {}
};

}  // namespace cb2

struct cb2_world {
    b2World world;
    cb2::ContactRecorder recorder;
    cb2::GroupFilter filter;
    cb2::JointGoodbye goodbye;
    explicit cb2_world(b2Vec2 gravity) : world(gravity) {
        world.SetContactListener(&recorder);
        world.SetContactFilter(&filter);
        world.SetDestructionListener(&goodbye);
    }
};

#endif
