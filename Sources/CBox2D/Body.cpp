// Bodies: creation, transform, velocity, forces, mass and damping.
#include "Internal.hpp"

using namespace cb2;

static b2BodyType boxType(cb2_body_type type) {
    switch (type) {
    case CB2_BODY_STATIC: return b2_staticBody;
    case CB2_BODY_KINEMATIC: return b2_kinematicBody;
    default: return b2_dynamicBody;
    }
}

extern "C" cb2_body *cb2_body_create(cb2_world *world, cb2_body_type type, double x, double y, double angle, uint64_t tag) {
    if (world == nullptr || world->world.IsLocked() || !isFinite(x, y) || !isFinite(angle)) return nullptr;
    auto *handle = new cb2_body();
    handle->world = world;
    handle->tag = tag;
    b2BodyDef def;
    def.type = boxType(type);
    def.position = vec(x, y);
    def.angle = static_cast<float>(angle);
    def.userData.pointer = reinterpret_cast<uintptr_t>(handle);
    handle->body = world->world.CreateBody(&def);
    return handle;
}

extern "C" void cb2_body_destroy(cb2_body *body) {
    if (body == nullptr) return;
    if (body->body != nullptr && body->world != nullptr && !body->world->world.IsLocked()) {
        body->world->world.DestroyBody(body->body);
    }
    delete body;
}

extern "C" uint64_t cb2_body_tag(const cb2_body *body) { return body ? body->tag : 0; }

extern "C" void cb2_body_set_type(cb2_body *body, cb2_body_type type) {
    if (live(body) && !body->world->world.IsLocked()) body->body->SetType(boxType(type));
}

extern "C" cb2_body_type cb2_body_get_type(const cb2_body *body) {
    if (!live(body)) return CB2_BODY_STATIC;
    switch (body->body->GetType()) {
    case b2_staticBody: return CB2_BODY_STATIC;
    case b2_kinematicBody: return CB2_BODY_KINEMATIC;
    default: return CB2_BODY_DYNAMIC;
    }
}

extern "C" cb2_vec2 cb2_body_position(const cb2_body *body) {
    return live(body) ? out(body->body->GetPosition()) : cb2_vec2{0, 0};
}

extern "C" double cb2_body_angle(const cb2_body *body) { return live(body) ? body->body->GetAngle() : 0.0; }

extern "C" cb2_pose cb2_body_pose(const cb2_body *body) {
    if (!live(body)) return cb2_pose{0, 0, 0, 1, 0, 0};
    const b2Transform &xf = body->body->GetTransform();
    return cb2_pose{xf.p.x, xf.p.y, body->body->GetAngle(), xf.q.c, xf.q.s, body->body->IsAwake() ? 1 : 0};
}

extern "C" void cb2_body_set_transform(cb2_body *body, double x, double y, double angle) {
    if (!live(body) || !isFinite(x, y) || !isFinite(angle) || body->world->world.IsLocked()) return;
    body->body->SetTransform(vec(x, y), static_cast<float>(angle));
}

extern "C" cb2_vec2 cb2_body_linear_velocity(const cb2_body *body) {
    return live(body) ? out(body->body->GetLinearVelocity()) : cb2_vec2{0, 0};
}

extern "C" void cb2_body_set_linear_velocity(cb2_body *body, double vx, double vy) {
    if (live(body) && isFinite(vx, vy)) body->body->SetLinearVelocity(vec(vx, vy));
}

extern "C" double cb2_body_angular_velocity(const cb2_body *body) {
    return live(body) ? body->body->GetAngularVelocity() : 0.0;
}

extern "C" void cb2_body_set_angular_velocity(cb2_body *body, double omega) {
    // Box2D would keep spinning a fixed-rotation body whose angular velocity is set directly.
    if (live(body) && isFinite(omega) && !body->body->IsFixedRotation()) body->body->SetAngularVelocity(static_cast<float>(omega));
}

extern "C" void cb2_body_apply_force(cb2_body *body, double fx, double fy, double px, double py, int32_t wake) {
    if (live(body) && isFinite(fx, fy) && isFinite(px, py)) body->body->ApplyForce(vec(fx, fy), vec(px, py), wake != 0);
}

extern "C" void cb2_body_apply_force_to_center(cb2_body *body, double fx, double fy, int32_t wake) {
    if (live(body) && isFinite(fx, fy)) body->body->ApplyForceToCenter(vec(fx, fy), wake != 0);
}

extern "C" void cb2_body_apply_linear_impulse(cb2_body *body, double ix, double iy, double px, double py, int32_t wake) {
    if (live(body) && isFinite(ix, iy) && isFinite(px, py)) body->body->ApplyLinearImpulse(vec(ix, iy), vec(px, py), wake != 0);
}

extern "C" void cb2_body_apply_torque(cb2_body *body, double torque, int32_t wake) {
    if (live(body) && isFinite(torque)) body->body->ApplyTorque(static_cast<float>(torque), wake != 0);
}

extern "C" double cb2_body_mass(const cb2_body *body) { return live(body) ? body->body->GetMass() : 0.0; }
extern "C" double cb2_body_inertia(const cb2_body *body) { return live(body) ? body->body->GetInertia() : 0.0; }

extern "C" cb2_vec2 cb2_body_world_center(const cb2_body *body) {
    return live(body) ? out(body->body->GetWorldCenter()) : cb2_vec2{0, 0};
}

extern "C" void cb2_body_set_mass_data(cb2_body *body, double mass, double inertia) {
    if (!live(body) || body->world->world.IsLocked() || !isFinite(mass) || !isFinite(inertia)) return;
    if (mass <= 0 || inertia <= 0) return;
    b2MassData data;
    data.mass = static_cast<float>(mass);
    data.center = b2Vec2(0, 0);
    data.I = static_cast<float>(inertia);
    body->body->SetMassData(&data);
}

extern "C" void cb2_body_reset_mass_data(cb2_body *body) {
    if (live(body) && !body->world->world.IsLocked()) body->body->ResetMassData();
}

extern "C" void cb2_body_set_linear_damping(cb2_body *body, double damping) {
    if (live(body)) body->body->SetLinearDamping(clampNonNegative(damping));
}

extern "C" void cb2_body_set_angular_damping(cb2_body *body, double damping) {
    if (live(body)) body->body->SetAngularDamping(clampNonNegative(damping));
}

extern "C" void cb2_body_set_fixed_rotation(cb2_body *body, int32_t fixed) {
    if (live(body) && !body->world->world.IsLocked()) body->body->SetFixedRotation(fixed != 0);
}

extern "C" int32_t cb2_body_is_awake(const cb2_body *body) { return live(body) && body->body->IsAwake() ? 1 : 0; }

extern "C" void cb2_body_set_awake(cb2_body *body, int32_t awake) {
    if (live(body)) body->body->SetAwake(awake != 0);
}

extern "C" void cb2_body_set_bullet(cb2_body *body, int32_t bullet) {
    if (live(body)) body->body->SetBullet(bullet != 0);
}

extern "C" int32_t cb2_body_aabb(const cb2_body *body, double *x0, double *y0, double *x1, double *y1) {
    if (!live(body) || body->body->GetFixtureList() == nullptr) return 0;
    b2AABB box;
    bool first = true;
    b2Transform xf = body->body->GetTransform();
    for (const b2Fixture *f = body->body->GetFixtureList(); f != nullptr; f = f->GetNext()) {
        const b2Shape *shape = f->GetShape();
        for (int32 child = 0; child < shape->GetChildCount(); ++child) {
            b2AABB piece;
            shape->ComputeAABB(&piece, xf, child);
            if (first) { box = piece; first = false; } else { box.Combine(piece); }
        }
    }
    *x0 = box.lowerBound.x; *y0 = box.lowerBound.y;
    *x1 = box.upperBound.x; *y1 = box.upperBound.y;
    return 1;
}
