// Joints: distance (rod, spring, rope), revolute (pin), prismatic (slide), weld (fuse), mouse (snap).
#include "Internal.hpp"
#include <algorithm>

using namespace cb2;

namespace {

bool canJoin(const cb2_world *world, const cb2_body *a, const cb2_body *b) {
    return world != nullptr && !world->world.IsLocked() && live(a) && live(b) && a != b && a->world == world &&
           b->world == world;
}

cb2_joint *wrap(cb2_world *world, b2JointDef &def) {
    auto *handle = new cb2_joint();
    handle->world = world;
    def.userData.pointer = reinterpret_cast<uintptr_t>(handle);
    handle->joint = world->world.CreateJoint(&def);
    return handle;
}

template <typename J> J *as(const cb2_joint *joint, b2JointType type) {
    if (!live(joint) || joint->joint->GetType() != type) return nullptr;
    return static_cast<J *>(joint->joint);
}

// Orders a range for Box2D's asserts (lower <= upper) and keeps it finite.
void range(double &lower, double &upper) {
    if (!isFinite(lower)) lower = -1e9;
    if (!isFinite(upper)) upper = 1e9;
    lower = std::max(lower, -1e9);
    upper = std::min(upper, 1e9);
    if (lower > upper) std::swap(lower, upper);
}

}  // namespace

extern "C" void cb2_linear_stiffness(double hz, double ratio, const cb2_body *a, const cb2_body *b, double *stiffness, double *damping) {
    float k = 0, d = 0;
    if (live(a) && live(b) && isFinite(hz) && isFinite(ratio) && hz > 0) {
        b2LinearStiffness(k, d, static_cast<float>(hz), clampNonNegative(ratio), a->body, b->body);
    }
    *stiffness = k;
    *damping = d;
}

extern "C" void cb2_angular_stiffness(double hz, double ratio, const cb2_body *a, const cb2_body *b, double *stiffness, double *damping) {
    float k = 0, d = 0;
    if (live(a) && live(b) && isFinite(hz) && isFinite(ratio) && hz > 0) {
        b2AngularStiffness(k, d, static_cast<float>(hz), clampNonNegative(ratio), a->body, b->body);
    }
    *stiffness = k;
    *damping = d;
}

extern "C" cb2_joint *cb2_joint_create_distance(cb2_world *world, cb2_body *a, cb2_body *b, double ax, double ay, double bx,
                                                double by, double length, double min_length, double max_length,
                                                double stiffness, double damping) {
    if (!canJoin(world, a, b) || !isFinite(ax, ay) || !isFinite(bx, by)) return nullptr;
    b2DistanceJointDef def;
    def.Initialize(a->body, b->body, vec(ax, ay), vec(bx, by));
    def.collideConnected = true;
    cb2_joint *joint = wrap(world, def);
    cb2_distance_joint_set_lengths(joint, length, min_length, max_length);
    cb2_distance_joint_set_spring(joint, stiffness, damping);
    return joint;
}

extern "C" void cb2_distance_joint_set_lengths(cb2_joint *joint, double length, double min_length, double max_length) {
    auto *j = as<b2DistanceJoint>(joint, e_distanceJoint);
    if (j == nullptr) return;
    range(min_length, max_length);
    const double big = 1e6;  // metres; "no limit" for Box2D's float solver
    min_length = std::max(min_length, 0.0);
    max_length = std::min(std::max(max_length, min_length), big);
    if (!isFinite(length)) length = min_length;
    // Widen first so each setter's clamp sees the final bounds.
    j->SetMaxLength(static_cast<float>(big));
    j->SetMinLength(static_cast<float>(min_length));
    j->SetMaxLength(static_cast<float>(max_length));
    j->SetLength(static_cast<float>(std::min(std::max(length, min_length), max_length)));
}

extern "C" void cb2_distance_joint_set_spring(cb2_joint *joint, double stiffness, double damping) {
    auto *j = as<b2DistanceJoint>(joint, e_distanceJoint);
    if (j == nullptr) return;
    j->SetStiffness(clampNonNegative(stiffness));
    j->SetDamping(clampNonNegative(damping));
}

extern "C" double cb2_distance_joint_current_length(const cb2_joint *joint) {
    auto *j = as<b2DistanceJoint>(joint, e_distanceJoint);
    return j ? j->GetCurrentLength() : 0.0;
}

extern "C" cb2_joint *cb2_joint_create_revolute(cb2_world *world, cb2_body *a, cb2_body *b, double x, double y,
                                                int32_t enable_limit, double lower, double upper, double max_motor_torque) {
    if (!canJoin(world, a, b) || !isFinite(x, y)) return nullptr;
    b2RevoluteJointDef def;
    def.Initialize(a->body, b->body, vec(x, y));
    range(lower, upper);
    def.enableLimit = enable_limit != 0;
    def.lowerAngle = static_cast<float>(lower);
    def.upperAngle = static_cast<float>(upper);
    def.enableMotor = true;
    def.motorSpeed = 0;
    def.maxMotorTorque = clampNonNegative(max_motor_torque);
    return wrap(world, def);
}

extern "C" void cb2_revolute_joint_set_limits(cb2_joint *joint, int32_t enable, double lower, double upper) {
    auto *j = as<b2RevoluteJoint>(joint, e_revoluteJoint);
    if (j == nullptr) return;
    range(lower, upper);
    j->SetLimits(static_cast<float>(lower), static_cast<float>(upper));
    j->EnableLimit(enable != 0);
}

extern "C" void cb2_revolute_joint_set_friction(cb2_joint *joint, double max_motor_torque) {
    if (auto *j = as<b2RevoluteJoint>(joint, e_revoluteJoint)) j->SetMaxMotorTorque(clampNonNegative(max_motor_torque));
}

extern "C" double cb2_revolute_joint_angle(const cb2_joint *joint) {
    auto *j = as<b2RevoluteJoint>(joint, e_revoluteJoint);
    return j ? j->GetJointAngle() : 0.0;
}

extern "C" cb2_joint *cb2_joint_create_prismatic(cb2_world *world, cb2_body *a, cb2_body *b, double x, double y, double axis_x,
                                                 double axis_y, int32_t enable_limit, double lower, double upper,
                                                 double max_motor_force) {
    if (!canJoin(world, a, b) || !isFinite(x, y) || !isFinite(axis_x, axis_y)) return nullptr;
    double length = std::hypot(axis_x, axis_y);
    if (length < 1e-9) return nullptr;
    b2PrismaticJointDef def;
    def.Initialize(a->body, b->body, vec(x, y), vec(axis_x / length, axis_y / length));
    range(lower, upper);
    def.enableLimit = enable_limit != 0;
    def.lowerTranslation = static_cast<float>(lower);
    def.upperTranslation = static_cast<float>(upper);
    def.enableMotor = true;
    def.motorSpeed = 0;
    def.maxMotorForce = clampNonNegative(max_motor_force);
    return wrap(world, def);
}

extern "C" void cb2_prismatic_joint_set_limits(cb2_joint *joint, int32_t enable, double lower, double upper) {
    auto *j = as<b2PrismaticJoint>(joint, e_prismaticJoint);
    if (j == nullptr) return;
    range(lower, upper);
    j->SetLimits(static_cast<float>(lower), static_cast<float>(upper));
    j->EnableLimit(enable != 0);
}

extern "C" void cb2_prismatic_joint_set_friction(cb2_joint *joint, double max_motor_force) {
    if (auto *j = as<b2PrismaticJoint>(joint, e_prismaticJoint)) j->SetMaxMotorForce(clampNonNegative(max_motor_force));
}

extern "C" double cb2_prismatic_joint_translation(const cb2_joint *joint) {
    auto *j = as<b2PrismaticJoint>(joint, e_prismaticJoint);
    return j ? j->GetJointTranslation() : 0.0;
}

extern "C" cb2_joint *cb2_joint_create_weld(cb2_world *world, cb2_body *a, cb2_body *b, double x, double y, double stiffness,
                                            double damping) {
    if (!canJoin(world, a, b) || !isFinite(x, y)) return nullptr;
    b2WeldJointDef def;
    def.Initialize(a->body, b->body, vec(x, y));
    def.stiffness = clampNonNegative(stiffness);
    def.damping = clampNonNegative(damping);
    return wrap(world, def);
}

extern "C" void cb2_weld_joint_set_spring(cb2_joint *joint, double stiffness, double damping) {
    auto *j = as<b2WeldJoint>(joint, e_weldJoint);
    if (j == nullptr) return;
    j->SetStiffness(clampNonNegative(stiffness));
    j->SetDamping(clampNonNegative(damping));
}

extern "C" cb2_joint *cb2_joint_create_mouse(cb2_world *world, cb2_body *ground, cb2_body *b, double x, double y,
                                             double max_force, double stiffness, double damping) {
    if (!canJoin(world, ground, b) || !isFinite(x, y)) return nullptr;
    b2MouseJointDef def;
    def.bodyA = ground->body;
    def.bodyB = b->body;
    def.target = vec(x, y);
    def.maxForce = clampNonNegative(max_force);
    def.stiffness = clampNonNegative(stiffness);
    def.damping = clampNonNegative(damping);
    return wrap(world, def);
}

extern "C" void cb2_mouse_joint_set_target(cb2_joint *joint, double x, double y) {
    auto *j = as<b2MouseJoint>(joint, e_mouseJoint);
    if (j != nullptr && isFinite(x, y)) j->SetTarget(vec(x, y));
}

extern "C" void cb2_mouse_joint_set_spring(cb2_joint *joint, double stiffness, double damping) {
    auto *j = as<b2MouseJoint>(joint, e_mouseJoint);
    if (j == nullptr) return;
    j->SetStiffness(clampNonNegative(stiffness));
    j->SetDamping(clampNonNegative(damping));
}

extern "C" void cb2_mouse_joint_set_max_force(cb2_joint *joint, double max_force) {
    if (auto *j = as<b2MouseJoint>(joint, e_mouseJoint)) j->SetMaxForce(clampNonNegative(max_force));
}

extern "C" int32_t cb2_joint_is_valid(const cb2_joint *joint) { return live(joint) ? 1 : 0; }

extern "C" void cb2_joint_destroy(cb2_joint *joint) {
    if (joint == nullptr) return;
    if (joint->joint != nullptr && joint->world != nullptr && !joint->world->world.IsLocked()) {
        joint->world->world.DestroyJoint(joint->joint);
    }
    delete joint;
}
