// The world: creation, stepping, counters and the contact recorder.
#include "Internal.hpp"

using namespace cb2;

extern "C" int cb2_version_major(void) { return b2_version.major; }

void cb2::ContactRecorder::BeginContact(b2Contact *contact) {
    cb2_contact_event event{};
    event.tag_a = owner(contact->GetFixtureA()->GetBody())->tag;
    event.tag_b = owner(contact->GetFixtureB()->GetBody())->tag;
    event.began = 1;
    int32 count = contact->GetManifold()->pointCount;
    if (count > 0) {
        b2WorldManifold manifold;
        contact->GetWorldManifold(&manifold);
        double x = 0, y = 0;
        for (int32 i = 0; i < count; ++i) {
            x += manifold.points[i].x;
            y += manifold.points[i].y;
        }
        event.has_point = 1;
        event.x = x / count;
        event.y = y / count;
    }
    events.push_back(event);
}

void cb2::ContactRecorder::EndContact(b2Contact *contact) {
    cb2_contact_event event{};
    event.tag_a = owner(contact->GetFixtureA()->GetBody())->tag;
    event.tag_b = owner(contact->GetFixtureB()->GetBody())->tag;
    event.began = 0;
    events.push_back(event);
}

// Against a boundary an item uses its own friction and restitution (Box2D would mix in the boundary's).
void cb2::ContactRecorder::PreSolve(b2Contact *contact, const b2Manifold *) {
    b2Fixture *fa = contact->GetFixtureA();
    b2Fixture *fb = contact->GetFixtureB();
    bool aIsBoundary = owner(fa->GetBody())->owner_bits != 0;
    bool bIsBoundary = owner(fb->GetBody())->owner_bits != 0;
    if (aIsBoundary == bIsBoundary) return;
    b2Fixture *item = aIsBoundary ? fb : fa;
    contact->SetFriction(item->GetFriction());
    contact->SetRestitution(item->GetRestitution());
}

bool cb2::GroupFilter::ShouldCollide(b2Fixture *fa, b2Fixture *fb) {
    const cb2_body *a = owner(fa->GetBody());
    const cb2_body *b = owner(fb->GetBody());
    if (a->owner_bits != 0 && b->owner_bits != 0) return false;
    if (a->owner_bits != 0) return (b->boundaries_mask & a->owner_bits) != 0;
    if (b->owner_bits != 0) return (a->boundaries_mask & b->owner_bits) != 0;
    return (a->items_mask & b->items_mask) != 0;
}

void cb2::JointGoodbye::SayGoodbye(b2Joint *joint) {
    auto *handle = reinterpret_cast<cb2_joint *>(joint->GetUserData().pointer);
    if (handle != nullptr) handle->joint = nullptr;
}

extern "C" cb2_world *cb2_world_create(double gx, double gy) {
    if (!isFinite(gx, gy)) { gx = 0; gy = 0; }
    return new cb2_world(vec(gx, gy));
}

extern "C" void cb2_world_destroy(cb2_world *world) {
    if (world == nullptr) return;
    // Handles the caller still holds stay valid as empty shells.
    for (b2Joint *j = world->world.GetJointList(); j != nullptr; j = j->GetNext()) {
        auto *handle = reinterpret_cast<cb2_joint *>(j->GetUserData().pointer);
        if (handle != nullptr) { handle->joint = nullptr; handle->world = nullptr; }
    }
    for (b2Body *b = world->world.GetBodyList(); b != nullptr; b = b->GetNext()) {
        cb2_body *handle = owner(b);
        if (handle != nullptr) { handle->body = nullptr; handle->world = nullptr; }
    }
    delete world;
}

extern "C" void cb2_world_set_gravity(cb2_world *world, double gx, double gy) {
    if (world == nullptr || !isFinite(gx, gy)) return;
    world->world.SetGravity(vec(gx, gy));
}

extern "C" void cb2_world_step(cb2_world *world, double dt, int32_t velocity_iterations, int32_t position_iterations) {
    if (world == nullptr || !isFinite(dt) || dt <= 0) return;
    world->world.Step(static_cast<float>(dt), velocity_iterations > 0 ? velocity_iterations : 1,
                      position_iterations > 0 ? position_iterations : 1);
}

extern "C" int32_t cb2_world_body_count(const cb2_world *world) { return world ? world->world.GetBodyCount() : 0; }
extern "C" int32_t cb2_world_joint_count(const cb2_world *world) { return world ? world->world.GetJointCount() : 0; }
extern "C" int32_t cb2_world_contact_count(const cb2_world *world) { return world ? world->world.GetContactCount() : 0; }

extern "C" int32_t cb2_world_awake_body_count(const cb2_world *world) {
    if (world == nullptr) return 0;
    int32_t count = 0;
    for (const b2Body *b = world->world.GetBodyList(); b != nullptr; b = b->GetNext()) {
        if (b->GetType() != b2_staticBody && b->IsAwake()) ++count;
    }
    return count;
}

extern "C" int32_t cb2_world_contact_event_count(const cb2_world *world) {
    return world ? static_cast<int32_t>(world->recorder.events.size()) : 0;
}

extern "C" cb2_contact_event cb2_world_contact_event_at(const cb2_world *world, int32_t index) {
    if (world == nullptr || index < 0 || static_cast<size_t>(index) >= world->recorder.events.size()) return cb2_contact_event{};
    return world->recorder.events[static_cast<size_t>(index)];
}

extern "C" void cb2_world_clear_contact_events(cb2_world *world) {
    if (world != nullptr) world->recorder.events.clear();
}
