// Row-major Eigen types: the layout the JS side reads ({rows, cols, data}).
#pragma once

#include <Eigen/Core>

namespace posenc {

using MatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using VectorXd = Eigen::VectorXd;

}  // namespace posenc
